import { fileTypeFromBuffer } from 'file-type';
import type { TOPUP_PROOF_TYPES } from '@keymarket/contracts/topups';
import {
  TOPUP_PROOF_MAX_BYTES,
  TOPUP_PROOF_TOO_LARGE_TEXT,
  TOPUP_PROOF_UNSUPPORTED_TEXT,
} from '@keymarket/contracts/topups';
import type { UploadRule } from '../../lib/uploads';

type ProofType = (typeof TOPUP_PROOF_TYPES)[number];

/** file-type's name for each proof we accept; an animated PNG is a PNG to every browser. */
const accepted = new Map<string, ProofType>([
  ['image/png', 'image/png'],
  ['image/apng', 'image/png'],
  ['image/jpeg', 'image/jpeg'],
  ['image/webp', 'image/webp'],
  ['application/pdf', 'application/pdf'],
]);

/**
 * The type of a proof of payment, read from its bytes (never the declared mimetype or the name):
 * a screenshot or a bank's PDF receipt. Anything else (HTML, SVG, an archive) is refused, since
 * the funder's browser opens what is served back.
 */
export async function detectProofType(bytes: Uint8Array): Promise<ProofType | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  return found && accepted.get(found.mime);
}

/** POST /topups: the file field `proof`, ≤ 5 MB, PNG/JPEG/WebP/PDF by content. */
export const proofUpload: UploadRule = {
  field: 'proof',
  maxBytes: TOPUP_PROOF_MAX_BYTES,
  tooLargeText: TOPUP_PROOF_TOO_LARGE_TEXT,
  detect: detectProofType,
  unsupportedText: TOPUP_PROOF_UNSUPPORTED_TEXT,
};
