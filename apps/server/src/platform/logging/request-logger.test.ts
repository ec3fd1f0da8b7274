import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { REDACTED_PATHS } from './logger.ts';
import { lazyRequestLoggers } from './request-logger.ts';

/** A pino logger like the app's (redaction included) writing its lines into an array. */
function capturedLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const log = pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, stream);
  return { log, lines };
}

async function appWith(level: string) {
  const { log, lines } = capturedLogger(level);
  const app = Fastify({ loggerInstance: log, childLoggerFactory: lazyRequestLoggers });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/warns', async (request) => {
    request.log.warn({ password: 'secret', detail: 1 }, 'something odd');
    return { ok: true };
  });
  await app.ready();
  // Fastify makes its instance's own child as it starts; only the requests' count here.
  const child = vi.spyOn(log, 'child');
  return { app, lines, child };
}

describe('lazy request loggers', () => {
  it('make no pino child for a request that writes nothing at the level', async () => {
    const { app, lines, child } = await appWith('warn');
    expect((await app.inject({ method: 'GET', url: '/quiet' })).statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    await app.close();
  });

  it('write a request’s line through its child: request id bound, redaction applied', async () => {
    const { app, lines, child } = await appWith('warn');
    await app.inject({ method: 'GET', url: '/warns' });
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        reqId: expect.stringMatching(/^req-/),
        msg: 'something odd',
        password: '[redacted]',
        detail: 1,
      }),
    ]);
    await app.close();
  });

  it('keep Fastify’s request lines at info, one child per request', async () => {
    const { app, lines, child } = await appWith('info');
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(child).toHaveBeenCalledTimes(1);
    const reqIds = new Set(lines.map((l) => l.reqId));
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(reqIds.size).toBe(1);
    expect([...reqIds][0]).toEqual(expect.any(String));
    await app.close();
  });
});
