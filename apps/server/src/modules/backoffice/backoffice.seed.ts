import type { OperatorRole } from '@sorte/contracts';
import type { SeedContext } from '../../platform/context.ts';
import { hashPassword } from '../auth/index.ts';
import * as repo from './backoffice.repository.ts';

/**
 * The demo merchant's operators. TOTP is left unenrolled on purpose: the first sign-in shows the secret
 * and QR code, as a new operator would see it.
 */
const DEMO_OPERATORS: { username: string; password: string; role: OperatorRole }[] = [
  { username: 'admin', password: 'admin12345', role: 'admin' },
  { username: 'finance', password: 'finance12345', role: 'finance' },
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
      password_hash: await hashPassword(demo.password),
      role: demo.role,
      totp_secret: null,
      totp_last_step: null,
      locked_until: null,
      last_login_at: null,
      last_login_ip: null,
      created_at: ctx.clock.now(),
    });
  }
}
