import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLocalStore } from './local.ts';
import { createS3Store } from './s3.ts';
import { sha256Hex, signV4 } from './sigv4.ts';
import { newObjectKey, type ObjectStore } from './storage.ts';

const CREDENTIALS = { accessKeyId: 'TESTKEY', secretAccessKey: 'test/secret+key', region: 'sa-east-1' };
const PORT = 43017;

/** A minimal S3: path-style objects in a map, every request's SigV4 signature and body hash checked. */
function fakeS3(): Promise<{ server: Server; objects: Map<string, Buffer>; refused: number[] }> {
  const objects = new Map<string, Buffer>();
  const refused: number[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<Buffer>((done) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => done(Buffer.concat(chunks)));
    });
  const server = createServer(async (req, res) => {
    const body = await read(req);
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const auth = String(req.headers.authorization ?? '');
    const signed = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
    const headers = Object.fromEntries(signed.map((name) => [name, String(req.headers[name] ?? '')]));
    const payloadHash = String(req.headers['x-amz-content-sha256']);
    const expected = signV4(
      { method: req.method ?? 'GET', url, headers, payloadHash },
      { ...CREDENTIALS, service: 's3' },
    ).authorization;
    if (auth !== expected || payloadHash !== sha256Hex(body) || !signed.includes('host')) {
      refused.push(403);
      res.writeHead(403).end('SignatureDoesNotMatch');
      return;
    }
    const key = url.pathname;
    if (req.method === 'PUT') {
      objects.set(key, body);
      res.writeHead(200).end();
    } else if (req.method === 'GET') {
      const object = objects.get(key);
      if (object) res.writeHead(200).end(object);
      else res.writeHead(404).end('NoSuchKey');
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else res.writeHead(405).end();
  });
  return new Promise((done) => server.listen(PORT, '127.0.0.1', () => done({ server, objects, refused })));
}

async function roundTrip(store: ObjectStore) {
  const key = newObjectKey('activity/test');
  const bytes = Buffer.from([0, 1, 2, 255, 254]);
  expect(await store.get(key)).toBeNull();
  await store.put(key, bytes, 'image/png');
  expect((await store.get(key))?.equals(bytes)).toBe(true);
  await store.delete(key);
  expect(await store.get(key)).toBeNull();
  await store.delete(key); // a missing key is no error
}

describe('object stores', () => {
  let s3: Awaited<ReturnType<typeof fakeS3>>;
  let dir: string;
  beforeAll(async () => {
    s3 = await fakeS3();
    dir = mkdtempSync(join(tmpdir(), 'store-'));
  });
  afterAll(() => {
    s3.server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('local folder: put, get, delete; keys the server did not shape are refused', async () => {
    const store = createLocalStore(dir);
    await roundTrip(store);
    for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'A/B', 'a\\b', 'a//b', ''])
      await expect(store.put(bad, Buffer.from('x'), 'image/png')).rejects.toThrow(RangeError);
    expect(newObjectKey('activity/m')).toMatch(/^activity\/m\/[0-9a-f-]{36}$/);
  });

  test('S3-compatible: signed requests round-trip; a wrong secret is refused', async () => {
    const endpoint = `http://127.0.0.1:${PORT}`;
    await roundTrip(createS3Store({ endpoint, bucket: 'uploads', ...CREDENTIALS }));
    expect(s3.refused).toEqual([]);
    const wrong = createS3Store({ endpoint, bucket: 'uploads', ...CREDENTIALS, secretAccessKey: 'nope' });
    await expect(wrong.put('a/b', Buffer.from('x'), 'image/png')).rejects.toThrow(/HTTP 403/);
    expect(s3.objects.size).toBe(0);
  });
});
