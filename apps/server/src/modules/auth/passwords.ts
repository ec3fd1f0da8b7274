import { hashPassword, verifyPassword } from '../../platform/crypto/password-hash.ts';

export { hashPassword, matchesAnyPassword, verifyPassword } from '../../platform/crypto/password-hash.ts';

let dummyHash: Promise<string> | undefined;

/**
 * Verifying an unknown account against a throwaway hash costs as much as a real check, so the
 * answer time does not tell an attacker whether the account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  await verifyPassword(await dummyHash, password);
  return false;
}
