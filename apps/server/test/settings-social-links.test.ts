import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { socialLinksResponseSchema } from '@keymarket/contracts/settings';
import { auditLog } from '../src/db/schema/index';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { useSignedIn, useTestApp } from './helpers/use-app';

const ctx = useTestApp();
const admin = useSignedIn(ctx, 'admin');
const manager = useSignedIn(ctx, 'manager', admin);
const reseller = useSignedIn(ctx, 'reseller', manager);

const update = (as: SignedInUser, links: unknown) =>
  as.inject({ method: 'PUT', url: '/api/social-links/update', payload: { links } });

async function publicLinks() {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/social-links/get-social-links',
  });
  expect(response.statusCode, response.body).toBe(200);
  return socialLinksResponseSchema.strict().parse(response.json()).links;
}

describe('social links', () => {
  it('has no links until an admin sets some', async () => {
    expect(await publicLinks()).toEqual({});
  });

  it('replaces the whole map; null or a missing network removes its link; audited', async () => {
    const first = await update(admin, {
      facebook: 'https://facebook.com/keymarket',
      telegram: 'https://t.me/keymarket',
      website: 'http://keymarket.example',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(await publicLinks()).toEqual({
      facebook: 'https://facebook.com/keymarket',
      telegram: 'https://t.me/keymarket',
      website: 'http://keymarket.example',
    });
    const second = await update(admin, { facebook: null, x: 'https://x.com/keymarket' });
    expect(second.json()).toEqual({ links: { x: 'https://x.com/keymarket' } });
    expect(await publicLinks()).toEqual({ x: 'https://x.com/keymarket' });

    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.social_links.update'));
    expect(audit).toHaveLength(2);
    expect(audit.every((row) => row.actorId === admin.user.id)).toBe(true);
  });

  it.each([
    ['an unknown network', { myspace: 'https://myspace.com/k' }, 'body.links.myspace'],
    ['a javascript: link', { facebook: 'javascript:alert(1)' }, 'body.links.facebook'],
    ['a data: link', { website: 'data:text/html,<script>alert(1)</script>' }, 'body.links.website'],
    ['an ftp link', { website: 'ftp://files.example.com' }, 'body.links.website'],
    ['text that is not a URL', { discord: 'my discord' }, 'body.links.discord'],
    ['a number', { youtube: 42 }, 'body.links.youtube'],
  ])('refuses %s (400) and keeps the stored links', async (_, links, path) => {
    const before = await publicLinks();
    expectValidation(await update(admin, links), path);
    expect(await publicLinks()).toEqual(before);
  });

  it('names the unknown network in the error', async () => {
    const body = expectValidation(
      await update(admin, { myspace: 'https://m.example' }),
      'body.links.myspace',
    );
    expect(JSON.stringify(body.details)).toContain('Unknown social network');
  });

  it('lets only admins update (manager and reseller 403, anonymous 401)', async () => {
    const links = { tiktok: 'https://tiktok.com/@keymarket' };
    expectError(await update(manager, links), 403, 'forbidden');
    expectError(await update(reseller, links), 403, 'forbidden');
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: '/api/social-links/update',
      payload: { links },
    });
    expectError(anonymous, 401, 'unauthorized');
    expect((await publicLinks()).tiktok).toBeUndefined();
  });
});
