import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@keymarket/contracts/catalogue';
import { messages } from '@keymarket/contracts/messages';
import { userSchema, type User } from '@keymarket/contracts/users';
import { files } from '../src/db/schema/index';
import { IMAGE_UNSUPPORTED_TEXT } from '../src/lib/uploads';
import { onPostgres } from './helpers/database';
import { expectError, expectValidation } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { form, type FilePart } from './helpers/multipart';
import { solidPng } from './helpers/png';
import { createTestApp, TEST_PASSWORD, type TestContext } from './helpers/test-app';
import { userRow } from './helpers/users';
import { useSignedIn, useTestApp } from './helpers/use-app';
import type { UserProfile, UserSummary } from '@keymarket/contracts/users-admin';

const ctx = useTestApp();
const admin = useSignedIn(ctx, 'admin');

const newReseller = () => ctx.factory.signedIn('reseller', admin.user);

const me = async (as: SignedInUser): Promise<User> => {
  const response = await as.inject({ method: 'GET', url: '/api/users/me' });
  expect(response.statusCode, response.body).toBe(200);
  return userSchema.strict().parse(response.json());
};

describe('PUT /api/users/me', () => {
  const update = (as: SignedInUser, payload: unknown) =>
    as.inject({ method: 'PUT', url: '/api/users/me', payload: payload as object });

  it("updates the caller's own names, email and phone, and answers the whole user", async () => {
    const user = await newReseller();
    const response = await update(user, {
      firstName: ' Katherine ',
      lastName: 'Johnson',
      email: 'K.Johnson@Example.TEST',
      phone: '0044 20 7946 0958',
      currentPassword: TEST_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = userSchema.strict().parse(response.json());
    expect(body).toMatchObject({
      id: user.user.id,
      firstName: 'Katherine',
      lastName: 'Johnson',
      email: 'k.johnson@example.test',
      phone: '+442079460958',
      role: 'reseller',
      status: 'active',
    });
    expect(await me(user)).toEqual(body);

    const partial = await update(user, { phone: '+33 6 11 22 33 44' });
    expect(partial.json()).toMatchObject({ firstName: 'Katherine', phone: '+33611223344' });
  });

  it('validates with the contract messages and changes nothing on refusal', async () => {
    const user = await newReseller();
    const before = await userRow(ctx, user.user.id);
    expectValidation(
      await update(user, { firstName: '' }),
      'body.firstName',
      messages.firstNameRequired,
    );
    expectValidation(
      await update(user, { lastName: '  ' }),
      'body.lastName',
      messages.lastNameRequired,
    );
    expectValidation(await update(user, { email: 'a@b' }), 'body.email', messages.emailInvalid);
    expectValidation(await update(user, { phone: '+0123' }), 'body.phone', messages.phoneInvalid);
    expectValidation(
      await update(user, { phone: `+33${'6'.repeat(40)}` }),
      'body.phone',
      messages.phoneInvalid,
    );
    expectValidation(await update(user, {}), 'body', 'Change at least one field');
    expectValidation(await update(user, { firstName: ['Array'] }), 'body.firstName');
    expect(await userRow(ctx, user.user.id)).toEqual(before);
  });

  it("refuses another user's email with 409 whatever its case, and accepts its own", async () => {
    const user = await newReseller();
    const other = await ctx.factory.user({ invitedBy: admin.user });
    expectError(
      await update(user, {
        email: ` ${other.email.toUpperCase()} `,
        currentPassword: TEST_PASSWORD,
      }),
      409,
      'conflict',
      'This email is already registered',
    );
    expect((await me(user)).email).toBe(user.user.email);
    const same = await update(user, { email: user.user.email.toUpperCase() });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<User>().email).toBe(user.user.email);
  });

  it('asks for the current password to change the email, and changes nothing without it', async () => {
    const user = await newReseller();
    const before = await userRow(ctx, user.user.id);
    const email = `moved-${user.user.username}@example.test`;
    expectValidation(
      await update(user, { firstName: 'Moved', email }),
      'body.currentPassword',
      messages.passwordRequired,
    );
    expectValidation(
      await update(user, { firstName: 'Moved', email, currentPassword: 'Not-the-passw0rd' }),
      'body.currentPassword',
      messages.currentPasswordIncorrect,
    );
    expectValidation(
      await update(user, { currentPassword: TEST_PASSWORD }),
      'body',
      'Change at least one field',
    );
    expect(await userRow(ctx, user.user.id)).toEqual(before);

    // The other fields, and the account's own address, need no password.
    const names = await update(user, { firstName: 'Renamed', email: user.user.email });
    expect(names.statusCode, names.body).toBe(200);
    const moved = await update(user, { email, currentPassword: TEST_PASSWORD });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ firstName: 'Renamed', email });
  });

  it('never changes role, status, balance or another user: each such field is refused', async () => {
    const user = await newReseller();
    const other = await ctx.factory.user({ invitedBy: admin.user });
    const response = await update(user, {
      firstName: 'Only-This',
      id: other.id,
      username: 'renamed',
      role: 'admin',
      status: 'active',
      banReason: 'x',
      balance: { current: 1000 },
      balanceCents: 100_000,
      invitedBy: null,
      avatarUrl: '/api/files/00000000-0000-4000-8000-000000000000',
    });
    const body = expectError(response, 400, 'validation');
    expect(body.details?.map((detail) => detail.path)).toEqual(
      [
        'id',
        'username',
        'role',
        'status',
        'banReason',
        'balance',
        'balanceCents',
        'invitedBy',
        'avatarUrl',
      ].map((field) => `body.${field}`),
    );
    expect(await userRow(ctx, user.user.id)).toMatchObject({
      firstName: user.user.firstName,
      username: user.user.username,
      role: 'reseller',
      balanceCents: 0n,
      invitedById: admin.user.id,
      avatarFileId: null,
    });
    expect(await userRow(ctx, other.id)).toEqual(other);
  });

  it('requires a session (401) and a JSON body (415 for multipart)', async () => {
    expectError(
      await ctx.app.inject({ method: 'PUT', url: '/api/users/me', payload: { firstName: 'Anon' } }),
      401,
      'unauthorized',
    );
    const user = await newReseller();
    expectError(
      await user.inject({
        method: 'PUT',
        url: '/api/users/me',
        payload: form({ firstName: 'Form' }),
      }),
      415,
      'unsupported_media_type',
    );
    expect((await me(user)).firstName).toBe('Test');
  });
});

describe('PUT /api/users/me: email changes, limited per user', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ EMAIL_CHANGE_RATE_LIMIT: '3' });
  });
  afterAll(() => limited.close());

  const changeEmail = (as: SignedInUser, email: string, currentPassword = TEST_PASSWORD) =>
    as.inject({ method: 'PUT', url: '/api/users/me', payload: { email, currentPassword } });

  it('refuses the 4th attempt of an hour with 429, whatever the earlier answers were', async () => {
    const prober = await limited.factory.signedIn();
    const taken = await limited.factory.user();
    // Each answer tells whether an address has an account: every one counts.
    expectError(await changeEmail(prober, taken.email), 409, 'conflict');
    expect((await changeEmail(prober, `free-${taken.email}`)).statusCode).toBe(200);
    expectValidation(
      await changeEmail(prober, taken.email, 'Not-the-passw0rd'),
      'body.currentPassword',
    );
    const refused = await changeEmail(prober, `other-${taken.email}`);
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);

    // Per user; and the rest of the profile stays editable.
    const neighbour = await limited.factory.signedIn();
    expectError(await changeEmail(neighbour, taken.email), 409, 'conflict');
    const names = await prober.inject({
      method: 'PUT',
      url: '/api/users/me',
      payload: { firstName: 'Still-editable' },
    });
    expect(names.statusCode, names.body).toBe(200);
  });
});

describe('PUT /api/users/avatars/profile-picture', () => {
  const RED = solidPng(4, 4, [255, 0, 0]);
  const BLUE = solidPng(8, 8, [0, 0, 255]);
  const png = (bytes: Buffer, name = 'me.png'): FilePart => ({ bytes, type: 'image/png', name });

  const upload = (as: SignedInUser, payload: FormData) =>
    as.inject({ method: 'PUT', url: '/api/users/avatars/profile-picture', payload });

  const fetchFile = (url: string) => ctx.app.inject({ method: 'GET', url });

  async function uploaded(as: SignedInUser, bytes: Buffer): Promise<string> {
    const response = await upload(as, form({}, { avatar: png(bytes) }));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ avatarUrl: string }>();
    expect(Object.keys(body)).toEqual(['avatarUrl']);
    expect(body.avatarUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    return body.avatarUrl;
  }

  async function avatarFilesOf(userId: string) {
    return ctx.database.db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.ownerId, userId), eq(files.purpose, 'avatar')));
  }

  function expectServes(response: LightMyRequestResponse, bytes: Buffer) {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(bytes)).toBe(true);
  }

  it('stores a real PNG, serves the same bytes as image/png, and shows it on the profile', async () => {
    const user = await newReseller();
    const avatarUrl = await uploaded(user, RED);
    expectServes(await fetchFile(avatarUrl), RED);

    expect((await me(user)).avatarUrl).toBe(avatarUrl);
    const seenByAdmin = await admin.inject({ method: 'GET', url: `/api/users/${user.user.id}` });
    expect(seenByAdmin.json<UserProfile>().avatarUrl).toBe(avatarUrl);
    const listed = await admin.inject({
      method: 'GET',
      url: `/api/users/get-all-users?search=${user.user.username}`,
    });
    expect(listed.json<{ data: UserSummary[] }>().data[0]?.avatarUrl).toBe(avatarUrl);
  });

  it("replaces the picture and removes the old file, leaving other users' pictures alone", async () => {
    const user = await newReseller();
    const neighbour = await newReseller();
    const neighbourUrl = await uploaded(neighbour, RED);

    const first = await uploaded(user, RED);
    const second = await uploaded(user, BLUE);
    expect(second).not.toBe(first);
    expectError(await fetchFile(first), 404, 'not_found');
    expectServes(await fetchFile(second), BLUE);
    expect((await me(user)).avatarUrl).toBe(second);
    expect(await avatarFilesOf(user.user.id)).toEqual([{ id: second.split('/').pop() }]);

    expectServes(await fetchFile(neighbourUrl), RED);
    expect((await me(neighbour)).avatarUrl).toBe(neighbourUrl);
  });

  it('refuses a picture over 2 MB with 413 and the specification text, keeping the current one', async () => {
    const user = await newReseller();
    const current = await uploaded(user, RED);
    const big = Buffer.concat([RED, Buffer.alloc(IMAGE_MAX_BYTES + 1 - RED.length)]);
    expectError(
      await upload(user, form({}, { avatar: png(big) })),
      413,
      'payload_too_large',
      messages.imageTooLarge,
    );
    expect((await me(user)).avatarUrl).toBe(current);
    expectServes(await fetchFile(current), RED);
    expect(await avatarFilesOf(user.user.id)).toHaveLength(1);

    const exact = Buffer.concat([RED, Buffer.alloc(IMAGE_MAX_BYTES - RED.length)]);
    const accepted = await upload(user, form({}, { avatar: png(exact) }));
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('refuses a file that is not an image, whatever its name and declared type (415)', async () => {
    const user = await newReseller();
    const fakes: FilePart[] = [
      { bytes: Buffer.from('just some text\n'), type: 'image/png', name: 'notes.png' },
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        type: 'image/png',
        name: 'a.png',
      },
      {
        bytes: Buffer.from('<html><script>alert(1)</script></html>'),
        type: 'text/html',
        name: 'a.html',
      },
      // A PNG signature hidden after one byte is not a PNG.
      { bytes: Buffer.concat([Buffer.from(' '), RED]), type: 'image/png', name: 'shifted.png' },
    ];
    for (const avatar of fakes) {
      expectError(
        await upload(user, form({}, { avatar })),
        415,
        'unsupported_media_type',
        IMAGE_UNSUPPORTED_TEXT,
      );
    }
    expect((await me(user)).avatarUrl).toBeNull();
    expect(await avatarFilesOf(user.user.id)).toEqual([]);
  });

  it('requires the avatar field (400), and only that field', async () => {
    const user = await newReseller();
    expectValidation(await upload(user, form({})), 'body.avatar', 'Choose a picture to upload');
    expectValidation(await upload(user, form({ note: 'hi' })), 'body.avatar');
    // A file input left empty sends a part with no bytes.
    expectValidation(
      await upload(user, form({}, { avatar: { bytes: new Uint8Array(), name: '' } })),
      'body.avatar',
    );
    expectValidation(await upload(user, form({}, { image: png(RED) })), 'body.image');
    const twice = form({}, { avatar: png(RED) });
    twice.append('avatar', new Blob([BLUE]), 'b.png');
    expectError(await upload(user, twice), 413, 'payload_too_large');
    expect((await me(user)).avatarUrl).toBeNull();
  });

  it('refuses a JSON body with 415', async () => {
    const user = await newReseller();
    const response = await user.inject({
      method: 'PUT',
      url: '/api/users/avatars/profile-picture',
      payload: { avatar: `data:image/png;base64,${RED.toString('base64')}` },
    });
    expectError(response, 415, 'unsupported_media_type');
    expect((await me(user)).avatarUrl).toBeNull();
  });

  it('requires a session (401) and lets every role set its own picture', async () => {
    expectError(
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/users/avatars/profile-picture',
        payload: form({}, { avatar: png(RED) }),
      }),
      401,
      'unauthorized',
    );
    const manager = await ctx.factory.signedIn('manager', admin.user);
    for (const who of [manager, admin]) {
      const avatarUrl = await uploaded(who, BLUE);
      expect((await me(who)).avatarUrl).toBe(avatarUrl);
    }
  });

  describe.skipIf(!onPostgres)('concurrently (PostgreSQL)', () => {
    it('leaves exactly one avatar file after six simultaneous replacements', async () => {
      const user = await newReseller();
      await uploaded(user, RED);
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          upload(user, form({}, { avatar: png(solidPng(2 + i, 2, [i * 40, 0, 0])) })),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
      const current = (await me(user)).avatarUrl!.split('/').pop();
      expect(await avatarFilesOf(user.user.id)).toEqual([{ id: current }]);
    });
  });
});
