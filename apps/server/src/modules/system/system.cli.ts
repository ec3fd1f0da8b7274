import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { operatorBrandPatch, operatorFieldRule, operatorStatusUpdate } from '@sorte/contracts';
import { cliExitCode, UsageError } from '../../platform/cli.ts';
import { systemClock } from '../../platform/clock.ts';
import { loadConfig } from '../../platform/config/config.ts';
import { openDatabase, runMigrations } from '../../platform/database/database.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { createEventBus } from '../../platform/realtime/event-bus.ts';
import { MERCHANT_CONFIG_CHANNEL } from './system.channels.ts';
import * as operator from './system.operator.service.ts';
import { ensureStartMerchant } from './system.provision.ts';

/**
 * Operator configuration from a terminal: `npm run merchant -- <command>`. It opens the same
 * database as the server (DATABASE_URL, else the PGlite folder DATA_DIR) and goes through the same
 * validation and audit as the operator API. Running servers pick the change up within the
 * merchant cache TTL (2 s). With the embedded PGlite database, stop the server first: one process
 * at a time may open the folder.
 */
const USAGE = `usage: npm run merchant -- <command>
  show <code>                                  print the whole configuration as JSON
  set-flag <code> <FLAG> on|off                turn a feature flag on or off
  set-status <code> 0|1|2 [--until ISO]        0 normal, 1 maintenance (optional end time), 2 region restriction
  set-field <code> <field> key=value...        change a registration field rule (enabled, required, patternId, minLength, maxLength, acceptedPattern)
  set-brand <code> key=value...                change brand settings (brandName, currencySymbol, languages=["pt-BR","en"], theme.primary=#16a34a, ...)`;

/** "true"/"false", "null", numbers and JSON literals become values; anything else stays text. */
export function parseValue(raw: string): unknown {
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (raw === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (/^[[{"]/.test(raw)) {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  return raw;
}

/** key=value pairs into an object; "theme.primary=#fff" nests one level. */
export function parseAssignments(pairs: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of pairs.slice(0, 100)) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`expected key=value, got "${pair}"`);
    const [key, sub] = pair.slice(0, eq).split('.', 2) as [string, string | undefined];
    const value = parseValue(pair.slice(eq + 1));
    if (sub === undefined) out[key] = value;
    else out[key] = { ...((out[key] as Record<string, unknown>) ?? {}), [sub]: value };
  }
  return out;
}

function need(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`missing ${what}`);
  return value;
}

export async function runCommand(deps: operator.OperatorDeps, args: string[]): Promise<unknown> {
  const [command, code, ...rest] = args;
  const who = `cli:${userInfo().username}`;
  switch (command) {
    case 'show':
      return operator.merchantConfig(deps, need(code, 'merchant code'));
    case 'set-flag': {
      const [flag, state] = rest;
      if (state !== 'on' && state !== 'off') throw new UsageError('the flag state must be on or off');
      return operator.setFlags(deps, need(code, 'merchant code'), who, {
        [need(flag, 'flag')]: state === 'on',
      });
    }
    case 'set-status': {
      const [status, option, until] = rest;
      const body: Record<string, unknown> = { status: Number(need(status, 'status')) };
      if (option === '--until') body.maintenanceEndTime = need(until, 'end time');
      else if (status === '0' || status === '2') body.maintenanceEndTime = null;
      return operator.setStatus(
        deps,
        need(code, 'merchant code'),
        who,
        parseInput(operatorStatusUpdate, body),
      );
    }
    case 'set-field': {
      const [field, ...pairs] = rest;
      const rule = parseInput(operatorFieldRule, parseAssignments(pairs));
      return operator.setFieldRule(deps, need(code, 'merchant code'), who, need(field, 'field'), rule);
    }
    case 'set-brand':
      return operator.setBrand(
        deps,
        need(code, 'merchant code'),
        who,
        parseInput(operatorBrandPatch, parseAssignments(rest)),
      );
    default:
      throw new UsageError(command ? `unknown command "${command}"` : 'no command');
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, log });
  try {
    await runMigrations(database.db);
    // Same start-up as the server, so a fresh database already has the merchant to change: the demo
    // merchant where demo data is seeded, the bare default merchant in production.
    await ensureStartMerchant({ config, db: database.db, log, clock: systemClock });
    const args = process.argv.slice(2);
    const result = await runCommand({ db: database.db, config, clock: systemClock }, args);
    console.log(JSON.stringify(result, null, 2));
    // Running servers drop their cached copy at once when they share Redis; otherwise within the TTL.
    if (config.REDIS_URL && args[0] !== 'show') {
      const bus = await createEventBus(config.REDIS_URL, log, database.db);
      await bus.publish(MERCHANT_CONFIG_CHANNEL, args[1] ?? '');
      await bus.close();
    }
  } finally {
    await database.close();
  }
}

// Run only as a program, so tests can import runCommand without opening a database.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error) => {
    process.exitCode = cliExitCode(error, USAGE);
  });
}
