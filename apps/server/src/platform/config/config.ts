import { sportsSport } from '@sorte/contracts';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads; the README lists the same set. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default('apps/web/dist'),
  DEFAULT_MERCHANT: z.string().default('demo'),
  /** Demo data (merchant, operators, players): on outside production; production seeds it only when set. */
  SEED_DEMO: bool.optional(),
  /** The OpenAPI UI and document at /docs: on outside production; production serves them only when set. */
  OPENAPI_DOCS: bool.optional(),
  DEV_OUTBOX: bool.optional(),
  TRUST_PROXY: bool.default(false),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 7),
  OPERATOR_API_KEY: z.string().min(16).optional(),
  ENCRYPTION_KEY_DIR: z.string().optional(),
  /** How long the built-in sandbox gateway waits before calling back about a payment (0 in tests). */
  SANDBOX_CALLBACK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1500),
  /**
   * The built-in sandbox payment gateway lets anyone "pay" without paying: on by default outside
   * production, off in production unless set explicitly (a staging site, say).
   */
  SANDBOX_GATEWAY: bool.optional(),
  /** Run the crash round loop on this instance (default: on, except in tests and with ROLE=api). */
  CRASH_LOOP: bool.optional(),
  LOTTERY_ENGINE: bool.optional(),
  /** Run the bet rollup consumer (default: as CRASH_LOOP; browser journeys turn it on in tests). */
  BET_ROLLUPS: bool.optional(),
  /** Run the agent contract settlement engine (default: as CRASH_LOOP; browser journeys turn it on in tests). */
  AGENT_CONTRACTS: bool.optional(),
  /**
   * How often the contract engine looks for ended periods, and how long after a period's end it
   * settles it (late bet settlements still count). Production keeps the defaults (15 s, 10 min);
   * browser journeys shorten both so a payout follows the day's end within seconds.
   */
  AGENT_CONTRACTS_TICK_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  AGENT_CONTRACTS_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(86_400_000)
    .default(10 * 60_000),
  /**
   * The reference game vendor (apps/reference-vendor) listens on its own port beside the server, so
   * the demo has a real third-party origin in /game's iframe. On outside production unless
   * REFERENCE_VENDOR=false (its coin game moves real balances: production opts in explicitly); port 0: off.
   */
  REFERENCE_VENDOR: bool.optional(),
  REFERENCE_VENDOR_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** Where players' browsers reach the reference vendor (default http://localhost:REFERENCE_VENDOR_PORT). */
  REFERENCE_VENDOR_URL: z.string().url().optional(),
  /**
   * The reference odds feed (apps/reference-feed) started beside the server by the role that runs
   * background work, so the sportsbook has fixtures without an outside provider. On outside
   * production; refused in production (its matches are simulated). Port 0: off.
   */
  REFERENCE_FEED: bool.optional(),
  REFERENCE_FEED_PORT: z.coerce.number().int().min(0).max(65535).default(3002),
  /** Simulated minutes per real minute (60: a football match in under two minutes). */
  REFERENCE_FEED_SPEED: z.coerce.number().positive().max(100_000).default(1),
  /** The simulation's seed (the same seed replays the same fixtures); default: the time. */
  REFERENCE_FEED_SEED: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  /**
   * The sports it simulates, comma-separated (default: all). A sped-up feed's messages cost the
   * server's database in proportion: the browser journeys run it fast on a few cheap sports.
   */
  REFERENCE_FEED_SPORTS: z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()))
    .pipe(z.array(sportsSport).min(1))
    .optional(),
  /** Fixtures it keeps open per sport, started or not (default 4). */
  REFERENCE_FEED_FIXTURES: z.coerce.number().int().min(1).max(50).optional(),
  /** The odds feed the sportsbook consumes (default: the reference feed, when it is on). */
  FEED_URL: z.string().url().optional(),
  /** The feed's token, when it asks for one. */
  FEED_TOKEN: z.string().min(1).optional(),
  /** Run the feed consumer (default: where background work runs; tests turn it on themselves). */
  SPORTSBOOK_FEED: bool.optional(),
  /**
   * Tests only: the server's clock reads this instant at start and runs on from it (browser journeys
   * at a fixed date and hour). A production start with it set is refused.
   */
  TEST_CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  /**
   * Where uploads (activity images) are kept: `local` (DATA_DIR/objects, the default) or `s3`, an
   * S3-compatible bucket at S3_ENDPOINT (path-style, SigV4-signed); s3 needs the four S3_ values.
   */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

export type Config = z.infer<typeof envSchema> & {
  /** The development outbox (SMS and mail shown at /dev/outbox) is on outside production unless disabled. */
  devOutbox: boolean;
  /** Whether the sandbox payment gateway is served and its channels usable (SANDBOX_GATEWAY). */
  sandboxGateway: boolean;
  /** The reference vendor's launch address base (REFERENCE_VENDOR_URL or localhost on its port). */
  referenceVendorBaseUrl: string;
  /** Whether the reference vendor is started beside the server (REFERENCE_VENDOR). */
  referenceVendor: boolean;
  /** Whether the reference odds feed is started beside the server (REFERENCE_FEED). */
  referenceFeed: boolean;
  /** The odds feed the sportsbook reads (FEED_URL, or the reference feed's address), if any. */
  feedUrl: string | null;
  /** Whether a start seeds the demo data (SEED_DEMO; never by default in production). */
  seedDemo: boolean;
  /** Whether /docs is served (OPENAPI_DOCS; never by default in production). */
  openapiDocs: boolean;
};

export class ConfigError extends Error {}

/** Parses the environment once at start; a bad environment fails with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (DATABASE_URL= in a compose file) means unset, not an invalid value.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid environment:\n${problems}`);
  }
  const config = parsed.data;
  if (config.TEST_CLOCK_START && config.NODE_ENV === 'production')
    throw new ConfigError('Invalid environment:\n  TEST_CLOCK_START: for tests only, refused in production');
  if (config.REFERENCE_FEED && config.NODE_ENV === 'production')
    throw new ConfigError(
      'Invalid environment:\n  REFERENCE_FEED: a simulated odds feed for development and tests, refused in production',
    );
  const referenceFeed =
    (config.REFERENCE_FEED ?? config.NODE_ENV !== 'production') && config.REFERENCE_FEED_PORT > 0;
  if (config.STORAGE_DRIVER === 's3') {
    const missing = (
      ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
    ).filter((name) => !config[name]);
    if (missing.length > 0)
      throw new ConfigError(
        `Invalid environment:\n${missing.map((m) => `  ${m}: required with STORAGE_DRIVER=s3`).join('\n')}`,
      );
  }
  return {
    ...config,
    devOutbox: config.DEV_OUTBOX ?? config.NODE_ENV !== 'production',
    sandboxGateway: config.SANDBOX_GATEWAY ?? config.NODE_ENV !== 'production',
    referenceVendor: config.REFERENCE_VENDOR ?? config.NODE_ENV !== 'production',
    seedDemo: config.SEED_DEMO ?? config.NODE_ENV !== 'production',
    referenceFeed,
    feedUrl:
      (config.FEED_URL ?? (referenceFeed ? `http://127.0.0.1:${config.REFERENCE_FEED_PORT}` : '')).replace(
        /\/+$/,
        '',
      ) || null,
    openapiDocs: config.OPENAPI_DOCS ?? config.NODE_ENV !== 'production',
    referenceVendorBaseUrl: (
      config.REFERENCE_VENDOR_URL ?? `http://localhost:${config.REFERENCE_VENDOR_PORT}`
    ).replace(/\/+$/, ''),
  };
}
