import { encodePng, type Rgb } from '../../src/lib/png';

/**
 * A real, decodable RGB PNG of `width`×`height` filled with `rgb`, so two calls with different
 * colours give different bytes (and a different stored file) while both stay genuine images.
 */
export function solidPng(width: number, height: number, rgb: Rgb): Buffer {
  return encodePng(width, height, () => rgb);
}
