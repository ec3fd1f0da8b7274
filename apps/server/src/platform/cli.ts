import { ConfigError } from './config/config.ts';
import { DatabaseLockedError } from './database/database.ts';
import { AppError } from './http/app-error.ts';

/** A command line the tool cannot read: it prints the message and its usage, and exits 64. */
export class UsageError extends Error {}

/**
 * The one way the command-line tools (`npm run merchant`, `npm run operator`) end on an error: the
 * message on stderr and an exit code — 64 usage, 1 refused (the AppError's code and details),
 * 2 configuration or database lock, 1 anything else.
 */
export function cliExitCode(error: unknown, usage: string): number {
  // node:util parseArgs reports an unknown or malformed option as a TypeError with an ERR_PARSE_ARGS_ code.
  const badOption =
    error instanceof TypeError && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
  if (error instanceof UsageError || badOption) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 64;
  }
  if (error instanceof AppError) {
    console.error(`refused: ${error.code}${error.details ? ` ${JSON.stringify(error.details)}` : ''}`);
    return 1;
  }
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    console.error(error.message);
    return 2;
  }
  console.error(error);
  return 1;
}
