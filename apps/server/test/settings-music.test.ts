import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MUSIC_MAX_BYTES, musicSchema, type Music } from '@keymarket/contracts/settings';
import { auditLog, files } from '../src/db/schema/index';
import { expectError } from './helpers/expect-error';
import type { SignedInUser } from './helpers/factory';
import { form, PNG_BYTES, type FilePart } from './helpers/multipart';
import { useSignedIn, useTestApp } from './helpers/use-app';

const ctx = useTestApp();
const admin = useSignedIn(ctx, 'admin');
const manager = useSignedIn(ctx, 'manager', admin);
const reseller = useSignedIn(ctx, 'reseller', manager);

const TOO_LARGE_TEXT = 'Music file size must be less than 20MB';

/** An MP3 that starts with an ID3v2 tag, padded to `size` bytes. */
function mp3(size = 64): FilePart {
  const bytes = Buffer.alloc(size);
  bytes.write('ID3', 0, 'latin1');
  bytes[3] = 4;
  return { bytes, type: 'audio/mpeg', name: 'theme.mp3' };
}
const ogg = (): FilePart => ({
  bytes: Buffer.concat([Buffer.from('OggS', 'latin1'), Buffer.alloc(60)]),
  type: 'audio/ogg',
  name: 'theme.ogg',
});

const upload = (as: SignedInUser, music: FilePart, field = 'music') =>
  as.inject({ method: 'POST', url: '/api/music/update', payload: form({}, { [field]: music }) });

async function current(as: SignedInUser): Promise<Music> {
  const response = await as.inject({ method: 'GET', url: '/api/music' });
  expect(response.statusCode, response.body).toBe(200);
  return musicSchema.parse(response.json());
}

const musicFiles = () => ctx.database.db.select().from(files).where(eq(files.purpose, 'music'));

describe('music', () => {
  it('has no track at first', async () => {
    expect(await current(reseller)).toEqual({ url: null });
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/music' });
    expectError(anonymous, 401, 'unauthorized');
  });

  it('stores an MP3, serves it back, and replaces it with the next upload', async () => {
    const response = await upload(admin, mp3(1000));
    expect(response.statusCode, response.body).toBe(200);
    const first = musicSchema.parse(response.json());
    expect(first).toMatchObject({ contentType: 'audio/mpeg', sizeBytes: 1000 });
    expect(await current(reseller)).toEqual(first);
    const served = await ctx.app.inject({ method: 'GET', url: first.url! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('audio/mpeg');
    expect(served.rawPayload.subarray(0, 3).toString('latin1')).toBe('ID3');

    const second = musicSchema.parse((await upload(admin, ogg())).json());
    expect(second).toMatchObject({ contentType: 'audio/ogg', sizeBytes: 64 });
    expect(second.url).not.toBe(first.url);
    // The previous file went with the replacement: one track, no orphan.
    expect(await musicFiles()).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: first.url! })).statusCode).toBe(404);

    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.music.update'));
    expect(audit).toHaveLength(2);
  });

  it('accepts a file of exactly 20 MB and refuses one byte more (413, the exact message)', async () => {
    const before = await current(admin);
    const tooLarge = await upload(admin, mp3(MUSIC_MAX_BYTES + 1));
    expectError(tooLarge, 413, 'payload_too_large', TOO_LARGE_TEXT);
    expect(await current(admin)).toEqual(before);

    const exact = await upload(admin, mp3(MUSIC_MAX_BYTES));
    expect(exact.statusCode, exact.body).toBe(200);
    expect(musicSchema.parse(exact.json())).toMatchObject({ sizeBytes: MUSIC_MAX_BYTES });
    // Two 20 MB uploads through multipart into PGlite's WebAssembly heap: seconds of CPU, far
    // more on a busy 2-core machine than the suite's default timeout.
  }, 120_000);

  it.each([
    ['a PNG', { bytes: PNG_BYTES, type: 'audio/mpeg', name: 'song.mp3' }],
    ['an HTML page', { bytes: Buffer.from('<html><script>alert(1)</script>'), type: 'audio/mpeg' }],
    ['plain text', { bytes: Buffer.from('not really music at all'), type: 'audio/ogg' }],
  ])('refuses %s whatever its declared type (415)', async (_, file) => {
    const before = await current(admin);
    const response = await upload(admin, file);
    expectError(response, 415, 'unsupported_media_type');
    expect(await current(admin)).toEqual(before);
  });

  it('refuses a form without the file (400) and a file under another field name', async () => {
    const empty = await admin.inject({
      method: 'POST',
      url: '/api/music/update',
      payload: form({ note: 'hi' }),
    });
    expectError(empty, 400, 'validation');
    expectError(await upload(admin, mp3(), 'audio'), 400, 'validation');
  });

  it('refuses a JSON body (415)', async () => {
    const response = await admin.inject({
      method: 'POST',
      url: '/api/music/update',
      payload: { music: 'ID3' },
    });
    expectError(response, 415, 'unsupported_media_type');
  });

  it('lets only admins upload (manager and reseller 403, anonymous 401)', async () => {
    expectError(await upload(manager, mp3()), 403, 'forbidden');
    expectError(await upload(reseller, mp3()), 403, 'forbidden');
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/music/update',
      payload: form({}, { music: mp3() }),
    });
    expectError(anonymous, 401, 'unauthorized');
  });
});
