import { startReferenceFeed } from './index.ts';

/**
 * The reference feed on its own, for development and tests (never in production):
 *   REFERENCE_FEED_PORT=3002 REFERENCE_FEED_SPEED=60 REFERENCE_FEED_SEED=7 npm start -w @sorte/reference-feed
 */
if (process.env.NODE_ENV === 'production') {
  console.error('the reference feed is a development and test tool; it does not run in production');
  process.exit(2);
}
const number = (name: string) => {
  const value = process.env[name];
  if (value === undefined || value === '') return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) {
    console.error(`${name} must be a positive number`);
    process.exit(2);
  }
  return parsed;
};
const feed = await startReferenceFeed({
  port: number('REFERENCE_FEED_PORT') ?? 3002,
  speed: number('REFERENCE_FEED_SPEED') ?? 1,
  seed: number('REFERENCE_FEED_SEED'),
  fixturesPerSport: number('REFERENCE_FEED_FIXTURES'),
  token: process.env.REFERENCE_FEED_TOKEN || undefined,
});
console.log(`reference feed at ${feed.url} (stream ${feed.url.replace('http', 'ws')}/v1/stream)`);
