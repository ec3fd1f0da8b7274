import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id hashing of secrets that are compared and never read back: members' and operators'
 * passwords (through modules/auth) and a merchant's default password (modules/system, which must
 * not import auth). OWASP's baseline: 19 MiB memory, 2 passes, 1 lane (argon2id is the default).
 */
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
