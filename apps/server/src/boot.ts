import { MODULES } from './app.ts';
import { DEMO_AGENT, DEMO_PLAYER, seededMembersWithKnownPasswords } from './modules/agents/index.ts';
import { DEMO_OPERATOR_PASSWORDS, operatorsWithKnownPasswords } from './modules/backoffice/index.ts';
import { ensureBareMerchant } from './modules/system/index.ts';
import type { SeedContext } from './platform/context.ts';

/**
 * Every password this repository publishes (the README's demo logins, the spec's placeholder default
 * password): anyone can sign in with them, so a production server must not serve an account using one.
 */
export const KNOWN_DEFAULT_PASSWORDS: readonly string[] = [
  ...DEMO_OPERATOR_PASSWORDS,
  DEMO_PLAYER.password,
  DEMO_AGENT.password,
  '{secret}',
];

/** The server will not start: the message says why and what to do, and names no password. */
export class StartRefusedError extends Error {}

/**
 * What a start does to the database before it serves. Outside production: the demo data (unless
 * SEED_DEMO=false). In production: demo data only when SEED_DEMO=true is set (and then with random
 * passwords), otherwise only the bare merchant DEFAULT_MERCHANT; then a refusal to start while any
 * operator or seeded member still signs in with a published password.
 */
export async function prepareStart(ctx: SeedContext): Promise<void> {
  const production = ctx.config.NODE_ENV === 'production';
  if (ctx.config.seedDemo) for (const module of MODULES) await module.seedDemo?.(ctx);
  else if (production) await ensureBareMerchant(ctx, ctx.config.DEFAULT_MERCHANT);
  if (production) await refuseKnownPasswords(ctx);
}

async function refuseKnownPasswords(ctx: SeedContext): Promise<void> {
  const operators = await operatorsWithKnownPasswords(ctx.db, KNOWN_DEFAULT_PASSWORDS);
  const members = await seededMembersWithKnownPasswords(ctx.db, KNOWN_DEFAULT_PASSWORDS);
  if (!operators.length && !members.length) return;
  const names = [
    ...operators.map((o) => `operator "${o.username}" of merchant "${o.merchant}"`),
    ...members.map((m) => `demo member "${m.account}" of merchant "${m.merchant}"`),
  ];
  throw new StartRefusedError(
    `Refusing to start in production: ${names.join(', ')} still use a published default password. ` +
      'Give each operator a new one with `npm run operator -- reset --merchant <code> --username <name>` ' +
      "(a one-time link; the old password stops working), change the members' passwords, then start again.",
  );
}
