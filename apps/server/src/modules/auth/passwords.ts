import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB memory, 2 passes, 1 lane (argon2id is the library default). */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A malformed stored hash counts as a mismatch rather than an error. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Whether the hash is of any of `passwords` (the published demo ones, at a production start). */
export async function matchesAnyPassword(
  passwordHash: string,
  passwords: readonly string[],
): Promise<boolean> {
  for (const password of passwords) if (await verifyPassword(passwordHash, password)) return true;
  return false;
}

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
