import { hashPassword, verifyPassword } from '../../platform/crypto/password-hash.ts';
import type { SecuritySettings } from './system.defaults.ts';

/**
 * Whether a member typed the merchant's default password (spec §9: they must change it). No hash
 * set, no argon2 cost: a merchant without a default password pays nothing at sign-in.
 */
export function isDefaultPassword(
  security: Pick<SecuritySettings, 'defaultPasswordHash'>,
  password: string,
): Promise<boolean> {
  return security.defaultPasswordHash
    ? verifyPassword(security.defaultPasswordHash, password)
    : Promise.resolve(false);
}

/** What is stored for an operator's new default password: its hash, or null to clear it. */
export function defaultPasswordHashOf(password: string | null): Promise<string | null> {
  return password === null ? Promise.resolve(null) : hashPassword(password);
}

/** The security settings as the operator API and the audit show them: whether it is set, never it. */
export function securityView(settings: SecuritySettings) {
  const { defaultPasswordHash, ...rest } = settings;
  return { ...rest, defaultPasswordSet: defaultPasswordHash !== null };
}
