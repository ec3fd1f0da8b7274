import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Helmet's security headers for `options`, exactly as @fastify/helmet writes them: captured once from
 * one request to a throwaway instance with the plugin, less the headers the same instance writes
 * without it. The plugin rebuilds helmet's middleware — parsing the CSP directives among the rest —
 * on every request, a few tens of microseconds per call for headers that never change here (no
 * nonces, no per-route options).
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  async function headersOf(withHelmet: boolean) {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', async () => '');
    const res = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    return res.headers;
  }
  const bare = await headersOf(false);
  return Object.entries(await headersOf(true))
    .filter(([name]) => !(name in bare))
    .map(([name, value]) => [name, String(value)]);
}

/** The app's helmet settings: its content security policy, helmet's defaults for the rest. */
export const SECURITY_HEADER_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      frameSrc: ["'self'", 'http:', 'https:'],
    },
  },
};

/**
 * Every answer that goes through the request lifecycle carries helmet's headers (`options`), set on
 * the response as the request arrives — where the plugin set them, so a route or an error answer
 * may still override one. The values are computed once, at start.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions = SECURITY_HEADER_OPTIONS,
) {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of headers) res.setHeader(name, value);
    done();
  });
}
