import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { cliExitCode, UsageError } from '../../platform/cli.ts';
import { systemClock } from '../../platform/clock.ts';
import { loadConfig } from '../../platform/config/config.ts';
import type { SeedContext } from '../../platform/context.ts';
import { openDatabase, runMigrations } from '../../platform/database/database.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { ensureStartMerchant } from '../system/index.ts';
import {
  createOperatorWithEnrolment,
  ENROLMENT_HOURS,
  type Enrolment,
  resetOperatorEnrolment,
} from './backoffice.enrolment.ts';

/**
 * Operator accounts from a terminal: `npm run operator -- <command>`. How a production merchant gets
 * its first back-office operator (the server seeds none there), and how an operator locked out of
 * their password or phone gets back in. It prints a one-time enrolment link, never a password: the
 * link sets the operator's own password once, and their first sign-in enrols TOTP.
 */
const USAGE = `usage: npm run operator -- <command>
  create --merchant <code> --username <name> --role admin|finance|support|auditor [--site <url>]
      a new operator with no usable password, and a one-time enrolment link
  reset --merchant <code> --username <name> [--site <url>]
      a new enrolment link for an existing operator: the old password and TOTP stop working
  --site: the address operators reach the back office at (default http://localhost:PORT)`;

const OPTIONS = {
  merchant: { type: 'string' },
  username: { type: 'string' },
  role: { type: 'string' },
  site: { type: 'string' },
} as const;

export function parseOperatorArgs(argv: string[]) {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  return { command: positionals[0], ...values };
}

export async function runOperatorCommand(ctx: SeedContext, argv: string[]): Promise<Enrolment> {
  const args = parseOperatorArgs(argv);
  if (args.command !== 'create' && args.command !== 'reset')
    throw new UsageError(args.command ? `unknown command "${args.command}"` : 'no command');
  const need = (value: string | undefined, what: string) => {
    if (!value) throw new UsageError(`missing --${what}`);
    return value;
  };
  const who = `cli:${userInfo().username}`;
  const target = { merchant: need(args.merchant, 'merchant'), username: need(args.username, 'username') };
  return args.command === 'create'
    ? createOperatorWithEnrolment(ctx, { ...target, role: need(args.role, 'role') }, who)
    : resetOperatorEnrolment(ctx, target, who);
}

/** What the command prints: the link (the token in its #fragment, which browsers never send). */
export function enrolmentMessage(enrolment: Enrolment, site: string): string {
  const link = `${site.replace(/\/+$/, '')}/backoffice/activate#${enrolment.token}`;
  return [
    `operator "${enrolment.username}" of merchant "${enrolment.merchant}" (role ${enrolment.role}): enrolment link`,
    `  ${link}`,
    `It works once, until ${enrolment.expiresAt.toISOString()} (${ENROLMENT_HOURS} hours): it sets the operator's`,
    'password; the first sign-in then enrols their TOTP authenticator. Send it to them over a private channel.',
  ].join('\n');
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, log });
  try {
    await runMigrations(database.db);
    const ctx = { config, db: database.db, log, clock: systemClock };
    // As the server would start: the merchant to add an operator to exists on a fresh database.
    await ensureStartMerchant(ctx);
    const argv = process.argv.slice(2);
    const enrolment = await runOperatorCommand(ctx, argv);
    const site = parseOperatorArgs(argv).site ?? `http://localhost:${config.PORT}`;
    console.log(enrolmentMessage(enrolment, site));
  } finally {
    await database.close();
  }
}

// Run only as a program, so tests can import runOperatorCommand without opening a database.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error) => {
    process.exitCode = cliExitCode(error, USAGE);
  });
}
