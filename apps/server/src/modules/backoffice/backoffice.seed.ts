import type { OperatorRole } from '@sorte/contracts';
import type { SeedContext } from '../../platform/context.ts';
import * as repo from './backoffice.repository.ts';

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

/** Idempotent: an operator that exists (perhaps enrolled, or with a changed password) is left alone. */
export async function seedDemoOperators(ctx: SeedContext): Promise<void> {
  const merchantId = await repo.findMerchantIdByCode(ctx.db, 'demo');
  if (!merchantId) return;
  for (const demo of DEMO_OPERATORS) {
    if (await repo.findOperatorByUsername(ctx.db, merchantId, demo.username)) continue;
    await repo.insertOperator(ctx.db, {
      merchant_id: merchantId,
      username: demo.username,
      password_hash: demo.passwordHash,
      role: demo.role,
      created_at: ctx.clock.now(),
    });
  }
}
