import { connect } from 'node:net';
import { ERROR_CODES } from '@sorte/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_FLAGS, OPERATOR_KEY, registerUser, setFlags } from '../src/modules/auth/auth.test-helpers.ts';
import { operatorToken } from '../src/modules/backoffice/backoffice.test-helpers.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * Drives every operation of the OpenAPI document the server generates with hostile input —
 * malformed JSON, wrong types, NUL bytes, lone surrogates, 1 MB strings, bad %-encodings, an 8 KB
 * path parameter and a 1 MB query — signed out, as a player and (for /bo) as an operator. Every
 * answer must be ours: no 5xx, and every refusal the envelope {success:false, code, message} with a
 * catalogued code that does not echo the URL. Requests go through app.inject, except the 8 KB path
 * and the 1 MB query, which Node's HTTP parser sees first and so travel over a real socket.
 */

// biome-ignore lint/suspicious/noExplicitAny: the generated OpenAPI document is read as plain JSON.
type Schema = Record<string, any>;
interface Operation {
  method: string;
  path: string;
  query: { name: string; schema: Schema; required: boolean }[];
  body: Schema | null;
}
interface Probe {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const MB = 1_000_000;
const CONCURRENCY = 8;
const NUL = 'a\u0000b';
const SURROGATE = '\ud800x';
const BAD_PERCENT = '%E0%A4%A%zz';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TestApp;
let operations: Operation[];
let identities: { name: string; headers: Record<string, string>; covers: (path: string) => boolean }[];
let origin: string;

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_API_KEY: OPERATOR_KEY });
  await setFlags(t, BASE_FLAGS);
  const player = await registerUser(t, 'fuzzplayer');
  const operator = await operatorToken(t, 'admin');
  identities = [
    { name: 'signed out', headers: {}, covers: () => true },
    {
      name: 'player',
      headers: { token: player.session.token },
      covers: (path) => path.startsWith('/wps/') || path.startsWith('/lgw/'),
    },
    {
      name: 'operator',
      headers: { 'bo-token': operator, 'x-operator-key': OPERATOR_KEY },
      covers: (path) => path.startsWith('/bo/'),
    },
  ];
  operations = readOperations((t.app as unknown as { swagger(): Schema }).swagger());
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => t?.close());

function readOperations(doc: Schema): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Schema>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = (op.parameters ?? []) as {
        in: string;
        name: string;
        schema: Schema;
        required?: boolean;
      }[];
      ops.push({
        method: method.toUpperCase(),
        path,
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: !!p.required })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  // Sign-outs and password changes last, so they cannot end the sessions the other probes use.
  return ops.sort((a, b) => Number(/logout|password/.test(a.path)) - Number(/logout|password/.test(b.path)));
}

/** A plausible value for each path parameter, so probes of the query and body reach the handler. */
function baseParam(name: string): string {
  if (name === 'code' || name === 'merchant') return 'demo';
  if (/id$/i.test(name) || name === 'drawNo') return '1';
  return 'x';
}

function pathWith(path: string, pick: (name: string) => string): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => pick(name));
}

function paramNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
}

type Leaf = (schema: Schema, key: string) => unknown;

/**
 * A body shaped like the schema, every leaf chosen by `leaf` (objects and arrays are walked); with
 * `requiredOnly`, optional fields are left out, so their own rules (a pattern, say) cannot refuse the
 * body before the hostile value reaches the handler.
 */
function shaped(schema: Schema, leaf: Leaf, requiredOnly = false, key = ''): unknown {
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (branch) return shaped(branch, leaf, requiredOnly, key);
  if (schema.type === 'object' || schema.properties || schema.additionalProperties) {
    const out: Record<string, unknown> = {};
    const required = new Set<string>(schema.required ?? []);
    for (const [name, sub] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
      if (!requiredOnly || required.has(name)) out[name] = shaped(sub, leaf, requiredOnly, name);
    }
    if (!schema.properties && typeof schema.additionalProperties === 'object') {
      out[String(leaf({ type: 'string' }, '$key'))] = shaped(
        schema.additionalProperties,
        leaf,
        requiredOnly,
        '$value',
      );
    }
    return out;
  }
  if (schema.type === 'array') return [shaped(schema.items ?? {}, leaf, requiredOnly, key)];
  return leaf(schema, key);
}

const plain: Leaf = (schema) => {
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'integer' || schema.type === 'number') return 1;
  if (schema.type === 'boolean') return true;
  return 'x';
};
const withString =
  (value: string): Leaf =>
  (schema, key) =>
    schema.type === 'string' && !schema.enum ? value : key === '$key' ? value : plain(schema, key);
const wrongType: Leaf = (schema) => {
  if (schema.type === 'string') return schema.enum ? 7 : { nested: ['x'] };
  if (schema.type === 'integer' || schema.type === 'number') return '1e999';
  if (schema.type === 'boolean') return 'maybe';
  return [[null]];
};
/** One 1 MB string (the first free-text field); the others stay plausible, so the body fits the limit. */
function oneBigString(): Leaf {
  let used = false;
  return (schema, key) => {
    if (!used && schema.type === 'string' && !schema.enum) {
      used = true;
      return 'x'.repeat(MB);
    }
    return plain(schema, key);
  };
}

function queryString(op: Operation, value: (schema: Schema, index: number) => string | string[]): string {
  const parts: string[] = [];
  op.query.forEach((q, i) => {
    for (const v of [value(q.schema, i)].flat()) parts.push(`${encodeURIComponent(q.name)}=${v}`);
  });
  return parts.length ? `?${parts.join('&')}` : '';
}

const plainQuery = (schema: Schema) => encodeURIComponent(String(plain(schema, '')));
const stringQuery = (value: string) => (schema: Schema) =>
  schema.type === 'string' && !schema.enum ? value : plainQuery(schema);
const wrongQuery = (schema: Schema): string | string[] => {
  if (schema.type === 'string') return schema.enum ? 'zzz' : ['a', 'b'];
  if (schema.type === 'boolean') return 'maybe';
  return '99999999999999999999999999';
};

/** Every hostile request for one operation (identity headers are added by the caller). */
function probes(op: Operation): Probe[] {
  const params = paramNames(op.path);
  const basePath = pathWith(op.path, baseParam);
  const baseQuery = queryString(op, plainQuery);
  const hasBody = BODY_METHODS.has(op.method);
  const json = { 'content-type': 'application/json' };
  const bodySchema = op.body ?? { type: 'object', properties: { x: { type: 'string' } } };
  const out: Probe[] = [];
  const add = (label: string, url: string, payload?: string, headers: Record<string, string> = {}) =>
    out.push({
      label,
      method: op.method,
      url,
      headers: { ...(payload !== undefined ? json : {}), ...headers },
      payload,
    });
  const body = (leaf: Leaf, requiredOnly = false) => JSON.stringify(shaped(bodySchema, leaf, requiredOnly));

  if (hasBody) {
    add('malformed JSON', basePath + baseQuery, '{"a": "b",');
    add('wrong types in body', basePath + baseQuery, body(wrongType));
    add('NUL in body', basePath + baseQuery, body(withString(NUL)));
    add('NUL in required body fields', basePath + baseQuery, body(withString(NUL), true));
    add('lone surrogate in body', basePath + baseQuery, body(withString(SURROGATE)));
    add('lone surrogate in required body fields', basePath + baseQuery, body(withString(SURROGATE), true));
    add('1 MB string in body', basePath + baseQuery, body(oneBigString()));
  }
  add('wrong types in query', basePath + queryString(op, wrongQuery), hasBody ? '{}' : undefined);
  add('NUL in query', basePath + queryString(op, stringQuery('a%00b')), hasBody ? '{}' : undefined);
  add(
    'lone surrogate in query',
    basePath + queryString(op, stringQuery('%ED%A0%80')),
    hasBody ? '{}' : undefined,
  );
  add('bad %-encoding in query', `${basePath}${queryString(op, () => BAD_PERCENT) || `?q=${BAD_PERCENT}`}`);
  add('1 MB string in query', basePath + queryString(op, stringQuery('y'.repeat(MB))));
  add('NUL in Merchant header', basePath + baseQuery, hasBody ? '{}' : undefined, { merchant: NUL });
  add('lone surrogate in Merchant header', basePath + baseQuery, hasBody ? '{}' : undefined, {
    merchant: SURROGATE,
  });
  if (params.length) {
    for (const [label, value] of [
      ['NUL in path', '%00'],
      ['lone surrogate in path', '%ED%A0%80'],
      ['bad %-encoding in path', BAD_PERCENT],
      ['number out of range in path', '9'.repeat(30)],
      ['8 KB path parameter', 'p'.repeat(8192)],
    ] as const) {
      add(label, pathWith(op.path, () => value) + baseQuery, hasBody ? '{}' : undefined);
    }
  } else {
    add('bad %-encoding in path', `${basePath}${BAD_PERCENT}${baseQuery}`);
  }
  return out;
}

/** Runs tasks with at most `limit` in flight. */
async function pooled<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/** Why an answer is not ours, or null when it is. */
function verdict(status: number, contentType: string, text: string, url: string): string | null {
  if (status >= 500) return `status ${status}`;
  // A success may be a page or an image (the captcha, the sandbox checkout); a JSON one is the envelope.
  if (status < 400 && !contentType.includes('json')) return null;
  if (!contentType.includes('json')) return `status ${status} without JSON (${contentType})`;
  let body: { success?: unknown; code?: unknown; message?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${status} with unreadable JSON`;
  }
  if (status < 400) return body.success === true ? null : `status ${status} outside the envelope`;
  if (body.success !== false || typeof body.message !== 'string' || !body.message)
    return `status ${status} outside the envelope`;
  if (typeof body.code !== 'string' || !(ERROR_CODES as string[]).includes(body.code))
    return `status ${status} with code ${String(body.code)}`;
  const pathname = url.split('?', 1)[0] ?? url;
  if (text.includes(pathname) || /FST_ERR/.test(text)) return `status ${status} echoes the URL`;
  return null;
}

/** A raw HTTP/1.1 request over a socket; a long request line is written in chunks until the server answers. */
function overSocket(
  method: string,
  target: string,
): Promise<{ status: number; contentType: string; text: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const head = Buffer.from(
      `${method} ${target} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`,
    );
    let received = '';
    let offset = 0;
    const finish = () => {
      const [headers = '', ...rest] = received.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0);
      const contentType = /\r\ncontent-type: ([^\r]*)/i.exec(headers)?.[1] ?? '';
      if (!status) reject(new Error(`no answer to ${method} ${target.slice(0, 80)}`));
      else resolve({ status, contentType, text: rest.join('\r\n\r\n') });
    };
    const pump = () => {
      while (offset < head.length && !received) {
        const chunk = head.subarray(offset, offset + 65_536);
        offset += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    socket.on('data', (data) => {
      received += data.toString('latin1');
    });
    socket.on('error', () => undefined); // the server may close while the rest of a refused request is on its way
    socket.on('close', finish);
    socket.on('connect', pump);
  });
}

describe('every route of the OpenAPI document under hostile input', () => {
  it('answers no 5xx and every refusal in the envelope, with a code and without the URL', async () => {
    expect(operations.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const jobs: { op: Operation; probe: Probe; identity: (typeof identities)[number] }[] = [];
    for (const op of operations)
      for (const identity of identities.filter((i) => i.covers(op.path)))
        for (const probe of probes(op)) jobs.push({ op, probe, identity });

    await pooled(jobs, CONCURRENCY, async ({ op, probe, identity }) => {
      const res = await t.app.inject({
        method: probe.method as 'GET',
        url: probe.url,
        headers: { ...identity.headers, ...probe.headers },
        payload: probe.payload,
      });
      const why = verdict(res.statusCode, String(res.headers['content-type'] ?? ''), res.body, probe.url);
      if (why)
        failures.push(
          `${op.method} ${op.path} [${probe.label}, ${identity.name}] → ${why}: ${res.body.slice(0, 160)}`,
        );
    });

    // Node's HTTP parser refuses these before Fastify routes them, so only a real socket shows its answer.
    const socketProbes = operations.flatMap((op) => {
      const base = pathWith(op.path, baseParam);
      const list = [{ label: '1 MB query over a socket', target: `${base}?q=${'z'.repeat(MB)}` }];
      if (paramNames(op.path).length)
        list.push({
          label: '8 KB path parameter over a socket',
          target: pathWith(op.path, () => 'p'.repeat(8192)),
        });
      return list.map((p) => ({ op, ...p }));
    });
    await pooled(socketProbes, CONCURRENCY, async ({ op, label, target }) => {
      const res = await overSocket(op.method, target);
      const why = verdict(res.status, res.contentType, res.text, target);
      if (why) failures.push(`${op.method} ${op.path} [${label}] → ${why}: ${res.text.slice(0, 160)}`);
    });

    const summary = `${failures.length} of ${jobs.length + socketProbes.length} answers were not ours`;
    expect(failures, `${summary}:\n${failures.slice(0, 60).join('\n')}`).toEqual([]);
    // About 4,400 requests: 15–35 s here (PGlite, PostgreSQL); the margin is for a CI machine under load.
  }, 240_000);
});
