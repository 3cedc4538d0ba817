import { fileTypeFromBuffer } from 'file-type';
import type { IMAGE_TYPES } from '@keymarket/contracts/catalogue';

export type ImageType = (typeof IMAGE_TYPES)[number];

/** file-type's name for each image we accept; an animated PNG is a PNG to every browser. */
const accepted = new Map<string, ImageType>([
  ['image/png', 'image/png'],
  ['image/apng', 'image/png'],
  ['image/jpeg', 'image/jpeg'],
  ['image/webp', 'image/webp'],
  ['image/gif', 'image/gif'],
]);

/**
 * The image type of `bytes`, read from the file's own content by file-type. The browser's
 * declared mimetype and the file name are whatever the uploader says, so they are never trusted:
 * an HTML or SVG file renamed to .png must not be served back as an image someone can script.
 */
export async function detectImageType(bytes: Uint8Array): Promise<ImageType | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  return found && accepted.get(found.mime);
}
