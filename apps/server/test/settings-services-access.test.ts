import { describe, expect, it } from 'vitest';
import type { Role } from '@keymarket/contracts/users';
import { AppError } from '../src/lib/app-error';
import type { AuthContext } from '../src/modules/access/auth-context';
import { BannedCountriesService } from '../src/modules/banned-countries/banned-countries.service';
import { CurrenciesService } from '../src/modules/currencies/currencies.service';
import { FaqsService } from '../src/modules/faqs/faqs.service';
import { MusicService } from '../src/modules/music/music.service';
import { SocialLinksService } from '../src/modules/social-links/social-links.service';
import { useTestApp } from './helpers/use-app';

const ctx = useTestApp();

/**
 * The routes already admit administrators only; the services repeat the rule (the access
 * policy's requireAdmin) so that a new caller of a service, such as an integration route, cannot
 * change the platform's settings by forgetting the route's rule.
 */
describe('settings services refuse a non-admin caller themselves', () => {
  const callerOf = async (role: Role): Promise<AuthContext> => {
    const user = await ctx.factory.user({ role });
    return { userId: user.id, sessionId: user.id, role };
  };

  // The inputs are never read: the rule comes first. Were it missing, the empty inputs would
  // fail some other way, not with `forbidden`, so each case still fails.
  const noInput = {} as never;
  const anyId = '00000000-0000-4000-8000-000000000000';
  const attempts: [string, (caller: AuthContext) => Promise<unknown>][] = [
    ['FAQ create', (c) => new FaqsService(ctx.database.db).create(c, noInput)],
    ['FAQ update', (c) => new FaqsService(ctx.database.db).update(c, anyId, noInput)],
    ['FAQ remove', (c) => new FaqsService(ctx.database.db).remove(c, anyId)],
    ['currency create', (c) => new CurrenciesService(ctx.database.db).create(c, noInput)],
    ['currency remove', (c) => new CurrenciesService(ctx.database.db).remove(c, anyId)],
    ['country ban', (c) => new BannedCountriesService(ctx.database.db).ban(c, 'FR')],
    ['country unban', (c) => new BannedCountriesService(ctx.database.db).unban(c, anyId)],
    ['social links', (c) => new SocialLinksService(ctx.database.db).update(c, noInput)],
    ['music', (c) => new MusicService(ctx.database.db).replace(c, noInput)],
  ];

  for (const role of ['manager', 'reseller'] as const) {
    it.each(attempts)(`refuses a ${role}: %s`, async (_name, attempt) => {
      const refused = await attempt(await callerOf(role)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).type).toBe('forbidden');
    });
  }
});
