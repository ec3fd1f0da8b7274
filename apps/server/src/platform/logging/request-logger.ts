import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

type Log = (...args: unknown[]) => void;

/**
 * A request's logger that becomes a real pino child (with the request id bound) only when something
 * is written at an enabled level, or when anything else of it is asked for. Creating a pino child
 * serializes its bindings through the redaction rules, a few microseconds per request — on a bet
 * path that logs nothing at the configured level (warn and above in production, for an answered
 * call), that was pure cost. The lines written are the real child's, unchanged.
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  #real: FastifyBaseLogger | null = null;
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: Logger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  /** The pino child, made on first need. */
  get real(): FastifyBaseLogger {
    this.#real ??= this.#parent.child(this.#bindings, this.#options);
    return this.#real;
  }

  /** Writes through the real child when `level` is enabled (a child shares its parent's level). */
  #write(level: Level, args: unknown[]): void {
    if (this.#real) (this.#real[level] as Log)(...args);
    else if (this.#parent.isLevelEnabled(level)) (this.real[level] as Log)(...args);
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}

  get level(): string {
    return this.#real ? this.#real.level : this.#parent.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
  get msgPrefix(): string | undefined {
    return (this.real as Logger).msgPrefix;
  }
  isLevelEnabled(level: string): boolean {
    return ((this.#real as Logger | null) ?? this.#parent).isLevelEnabled(level);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/**
 * Fastify's childLoggerFactory: each request gets a LazyRequestLogger over the app's pino logger. A
 * route with a log level of its own (none today) gets its real child at once, since the parent's
 * level would not answer for it.
 */
export function lazyRequestLoggers(
  this: FastifyInstance,
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const pinoLogger = logger as Logger;
  if (options.level || typeof pinoLogger.isLevelEnabled !== 'function')
    return logger.child(bindings, options);
  return new LazyRequestLogger(pinoLogger, bindings, options);
}
