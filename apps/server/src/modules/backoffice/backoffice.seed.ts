import { randomBytes } from 'node:crypto';
import type { OperatorRole } from '@sorte/contracts';
import type { SeedContext } from '../../platform/context.ts';
import { hashPassword } from '../auth/index.ts';
import * as repo from './backoffice.repository.ts';

/** The published demo passwords: a production start refuses any operator still using one. */
export const DEMO_OPERATOR_PASSWORDS = ['admin12345', 'finance12345'] as const;

/**
 * The demo merchant's operators. TOTP is left unenrolled on purpose: the first sign-in shows the secret
 * and QR code, as a new operator would see it. The argon2id hashes of the published demo passwords
 * (admin12345, finance12345) are precomputed: hashing them costs ~170 ms of CPU on every start and in
 * every test file's fresh database, for passwords that are no secret.
 */
const DEMO_OPERATORS: { username: string; passwordHash: string; role: OperatorRole }[] = [
  {
    username: 'admin',
    passwordHash:
      '$argon2id$v=19$m=19456,t=2,p=1$IaY/s25mdOKcYQ4ZSAe8aA$gQ+dyA/TbqlzA2eq+zd/2OEcE85LozjlllBJ47gqFBc',
    role: 'admin',
  },
  {
    username: 'finance',
    passwordHash:
      '$argon2id$v=19$m=19456,t=2,p=1$J/zPx4VOpykRwy1DruX1BA$5yrZJ9uGD2XgFyacP4HMMivt6hnbrStRg3v9J1Smjg8',
    role: 'finance',
  },
];

/**
 * Idempotent: an operator that exists (perhaps enrolled, or with a changed password) is left alone.
 * In production (SEED_DEMO=true set explicitly) the demo operators never get the published
 * passwords: each gets a random one, printed once when it is made and never again.
 */
export async function seedDemoOperators(ctx: SeedContext): Promise<void> {
  const merchantId = await repo.findMerchantIdByCode(ctx.db, 'demo');
  if (!merchantId) return;
  const production = ctx.config.NODE_ENV === 'production';
  for (const demo of DEMO_OPERATORS) {
    if (await repo.findOperatorByUsername(ctx.db, merchantId, demo.username)) continue;
    const password = production ? randomBytes(12).toString('base64url') : null;
    const created = await repo.insertOperator(ctx.db, {
      merchant_id: merchantId,
      username: demo.username,
      password_hash: password ? await hashPassword(password) : demo.passwordHash,
      role: demo.role,
      created_at: ctx.clock.now(),
    });
    if (created && password)
      ctx.log.warn(`demo operator "${demo.username}" created with the password ${password} (shown once)`);
  }
}
