/**
 * Pure helpers of @sorte/contracts, imported file by file: the package index also re-exports the
 * zod schemas, and importing any value through it pulls zod (~40 KB gzipped) into the auth chunk
 * for two small functions. Types still come from the package itself.
 */
export { encryptPayload } from '../../../../../../packages/contracts/src/encryption.ts';
export { checkField, fillBounds } from '../../../../../../packages/contracts/src/patterns.ts';
