import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, type Category } from '@keymarket/contracts/catalogue';
import { messages } from '@keymarket/contracts/messages';
import { expectError, expectValidation } from './helpers/expect-error';
import { form, JPEG_BYTES, PNG_BYTES, pngFile } from './helpers/multipart';
import { useSignedIn, useTestApp } from './helpers/use-app';

const ctx = useTestApp();
const admin = useSignedIn(ctx, 'admin');

const names = { nameEn: 'Games', nameFr: 'Jeux', nameAr: 'ألعاب' };

const createCategory = (payload: FormData) =>
  admin.inject({ method: 'POST', url: '/api/categories/category', payload });

async function counts() {
  const result = await ctx.database.db.execute(sql`
    select (select count(*)::int from files) as files, (select count(*)::int from categories) as categories`);
  return (result as { rows: { files: number; categories: number }[] }).rows[0]!;
}

describe('image uploads', () => {
  it('stores the image and serves it with its detected type, ETag and a year of cache', async () => {
    const res = await createCategory(form(names, { image: pngFile() }));
    expect(res.statusCode, res.body).toBe(201);
    const { imageUrl } = res.json<{ imageUrl: string }>();
    expect(imageUrl).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);

    const file = await ctx.app.inject({ method: 'GET', url: imageUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
    const etag = file.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);

    const again = await ctx.app.inject({
      method: 'GET',
      url: imageUrl,
      headers: { 'if-none-match': `W/"other", ${etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
  });

  it('types the file by its content, not by the mimetype the client declared', async () => {
    const res = await createCategory(
      form(names, { image: { bytes: JPEG_BYTES, type: 'image/png', name: 'lies.png' } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const file = await ctx.app.inject({ method: 'GET', url: res.json<Category>().imageUrl! });
    expect(file.headers['content-type']).toBe('image/jpeg');
  });

  it('answers 404 for an unknown file and 400 for a malformed id', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectError(
      await ctx.app.inject({ method: 'GET', url: `/api/files/${unknown}` }),
      404,
      'not_found',
    );
    expectValidation(await ctx.app.inject({ method: 'GET', url: '/api/files/nope' }), 'params.id');
  });

  it('refuses a file that is not an image even when declared image/png (415), writing nothing', async () => {
    const before = await counts();
    const res = await createCategory(
      form(names, {
        image: { bytes: Buffer.from('<svg onload="alert(1)"/>'), type: 'image/png', name: 'x.png' },
      }),
    );
    expectError(
      res,
      415,
      'unsupported_media_type',
      'The image must be a PNG, JPEG, WebP or GIF file',
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses an image over 2 MB with the specification text (413), writing nothing', async () => {
    const before = await counts();
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(IMAGE_MAX_BYTES)]);
    const res = await createCategory(form(names, { image: { bytes: big, type: 'image/png' } }));
    expectError(res, 413, 'payload_too_large', messages.imageTooLarge);
    expect(await counts()).toEqual(before);
  });

  it('accepts an image of exactly 2 MB', async () => {
    const exact = Buffer.concat([PNG_BYTES, Buffer.alloc(IMAGE_MAX_BYTES - PNG_BYTES.length)]);
    const res = await createCategory(form(names, { image: { bytes: exact, type: 'image/png' } }));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('requires the image on create (400 on body.image), writing nothing', async () => {
    const before = await counts();
    expectValidation(await createCategory(form(names)), 'body.image');
    // An empty file input (no file chosen) counts as no image.
    const empty = form(names, { image: { bytes: new Uint8Array(), name: '' } });
    expectValidation(await createCategory(empty), 'body.image');
    expect(await counts()).toEqual(before);
  });

  it('validates the text fields of a form with the contract (localised names required)', async () => {
    const before = await counts();
    const res = await createCategory(form({ nameEn: 'Games', nameFr: '  ' }, { image: pngFile() }));
    const body = expectValidation(res, 'body.nameFr', 'Name is required');
    expect(body.details?.map((d) => d.path)).toContain('body.nameAr');
    expect(await counts()).toEqual(before);
  });

  it('refuses a second file, an unexpected file field and a repeated field', async () => {
    const twoFiles = form(names, { image: pngFile() });
    twoFiles.append('image', new Blob([PNG_BYTES]), 'b.png');
    expectError(await createCategory(twoFiles), 413, 'payload_too_large');

    expectValidation(await createCategory(form(names, { avatar: pngFile() })), 'body.avatar');
    const repeated = form(names, { image: pngFile() });
    repeated.append('nameEn', 'Again');
    expectValidation(await createCategory(repeated), 'body.nameEn');
  });

  it.each([
    ['no boundary', 'multipart/form-data', 'hello'],
    ['no parts', 'multipart/form-data; boundary=x', 'garbage'],
    [
      'a part cut short',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n\x89PNG',
    ],
  ])('answers a malformed multipart body (%s) with 400, never a 500', async (_, type, payload) => {
    const before = await counts();
    const res = await admin.inject({
      method: 'POST',
      url: '/api/categories/category',
      headers: { 'content-type': type },
      payload,
    });
    expectError(res, 400, 'bad_request');
    expect(await counts()).toEqual(before);
  });

  it('refuses JSON on an upload route and multipart on a JSON route (415)', async () => {
    const json = await admin.inject({
      method: 'POST',
      url: '/api/categories/category',
      payload: names,
    });
    expectError(json, 415, 'unsupported_media_type');
    const category = await createCategory(form(names, { image: pngFile() }));
    const patch = await admin.inject({
      method: 'PATCH',
      url: `/api/categories/${category.json<Category>().id}`,
      payload: form({ nameEn: 'Sneaky' }),
    });
    expectError(patch, 415, 'unsupported_media_type');
  });

  it('checks the role before reading the upload', async () => {
    const reseller = await ctx.factory.signedIn('reseller', admin.user);
    const res = await reseller.inject({
      method: 'POST',
      url: '/api/categories/category',
      payload: form(names, { image: pngFile() }),
    });
    expectError(res, 403, 'forbidden');
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/categories/category',
        payload: form(names),
      }),
      401,
      'unauthorized',
    );
  });

  it('replaces the image on PUT and removes the old file', async () => {
    const created = (await createCategory(form(names, { image: pngFile() }))).json<Category>();
    const res = await admin.inject({
      method: 'PUT',
      url: `/api/categories/category/${created.id}`,
      payload: form(names, { image: { bytes: JPEG_BYTES, type: 'image/jpeg' } }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Category>().imageUrl).not.toBe(created.imageUrl);
    expect((await ctx.app.inject({ method: 'GET', url: created.imageUrl! })).statusCode).toBe(404);
    // Without an image, PUT keeps the current one.
    const keep = await admin.inject({
      method: 'PUT',
      url: `/api/categories/category/${created.id}`,
      payload: form({ ...names, nameEn: 'Renamed' }),
    });
    expect(keep.json()).toMatchObject({
      nameEn: 'Renamed',
      imageUrl: res.json<Category>().imageUrl,
    });
  });
});
