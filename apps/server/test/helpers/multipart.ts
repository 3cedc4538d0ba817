/**
 * Multipart bodies for app.inject: `payload: form({ nameEn: 'Games' }, { image: pngFile() })`.
 * light-my-request streams a global FormData with its boundary, as a browser would send it.
 */

/** A real 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a JPEG (JFIF): enough for a content check. */
export const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

export interface FilePart {
  bytes: Uint8Array;
  /** The mimetype the client declares; the server must not trust it. */
  type?: string;
  name?: string;
}

export const pngFile = (): FilePart => ({ bytes: PNG_BYTES, type: 'image/png', name: 'a.png' });

/** Text fields (numbers and booleans as strings, as a browser form sends them) and files. */
export function form(
  fields: Record<string, string | number | boolean | null | undefined>,
  files: Record<string, FilePart> = {},
): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) data.append(name, String(value));
  }
  for (const [name, file] of Object.entries(files)) {
    const blob = new Blob([new Uint8Array(file.bytes)], {
      type: file.type ?? 'application/octet-stream',
    });
    data.append(name, blob, file.name ?? 'upload.bin');
  }
  return data;
}
