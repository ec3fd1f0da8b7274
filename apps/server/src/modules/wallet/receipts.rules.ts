import { PROOF_MAX_BYTES, type PROOF_TYPES } from '@sorte/contracts';

export type ProofType = (typeof PROOF_TYPES)[number];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** The image type the bytes really are, from their first bytes (the "magic"), or null. */
export function sniffImageType(bytes: Buffer): ProofType | null {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

/**
 * The proof's type when it is acceptable: a PNG or JPEG of at most PROOF_MAX_BYTES whose bytes are
 * what the upload declared. Checking the bytes, not only the declared type, keeps other files (a
 * script renamed .png) out of the operators' browsers.
 */
export function acceptedProofType(declared: string, bytes: Buffer): ProofType | null {
  if (bytes.length === 0 || bytes.length > PROOF_MAX_BYTES) return null;
  const claimed = declared.toLowerCase() === 'image/jpg' ? 'image/jpeg' : declared.toLowerCase();
  const actual = sniffImageType(bytes);
  return actual !== null && actual === claimed ? actual : null;
}
