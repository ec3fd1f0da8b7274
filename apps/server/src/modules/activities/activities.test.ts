import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  ELF,
  jpegHeader,
  PE,
  pngBomb,
  pngImage,
  pngOfSize,
  SCRIPT,
} from '../../platform/storage/image-fixtures.test-helpers.ts';
import { BASE_FLAGS, call, OPERATOR_KEY, registerUser, setFlags } from '../auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import { memberBalance } from '../ledger/index.ts';
import { expectVerified, type Fixture, fixture } from '../ledger/ledger.test-helpers.ts';
import { findMemberByAccount } from '../members/index.ts';

const ACTIVITY = 'photo-contest';
let t: TestApp;
let f: Fixture;
let dataDir: string;
let admin: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'activities-'));
  t = await createTestApp({ OPERATOR_API_KEY: OPERATOR_KEY, DATA_DIR: dataDir });
  await setFlags(t, { ...BASE_FLAGS, USERNAMEREG3: true });
  f = await fixture(t);
  await sql`insert into banners (merchant_id, group_name, url, linkage_type, link, title)
    values (${f.merchantId}, 'promotion', '/x.svg', 'promotion', ${ACTIVITY}, '{"en":"Contest"}'::jsonb)`.execute(
    f.db,
  );
  admin = await operatorToken(t, 'admin');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(async () => {
  await expectVerified(t.ctx.db);
});

interface FilePart {
  name: string;
  bytes: Buffer;
  /** Sent as filename*=UTF-8''… (RFC 5987), so any byte can be in it. */
  encoded?: boolean;
  field?: string;
}

/** A multipart/form-data body built by hand, as a browser's FormData would send it. */
function form(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----sorte${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files) {
    const filename = file.encoded
      ? `filename*=UTF-8''${encodeURIComponent(file.name)}`
      : `filename="${file.name.replace(/"/g, '%22')}"`;
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'images'}"; ${filename}\r\ncontent-type: image/png\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function apply(token: string, fields: Record<string, string>, files: FilePart[] = []) {
  const body = form(fields, files);
  const r = await t.app.inject({
    method: 'POST',
    url: '/wps/member/activity/apply',
    payload: body.payload,
    headers: { token, 'content-type': body.contentType },
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read the JSON answer field by field
  const json = r.json() as { success: boolean; value?: any; code?: string; message?: string };
  return { status: r.statusCode, ...json };
}

async function player() {
  const username = `act${Math.random().toString(36).slice(2, 9)}`;
  const { session } = await registerUser(t, username);
  const row = (await findMemberByAccount(f.db, f.merchantId, username))!;
  return { token: session.token, memberId: row.id, username };
}

const mainBalance = async (memberId: string) =>
  (await memberBalance(f.db, memberId, f.merchantId, f.currency)).wallets.find((w) => w.kind === 'main')!
    .balanceMinor;

const storedObjects = () => {
  const root = join(dataDir, 'objects');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
};

const png = pngImage(12, 8);
const jpeg = jpegHeader(800, 600);

describe('applying', () => {
  test('a comment and two images: stored under server keys, listed, served to the owner only', async () => {
    const p = await player();
    const before = storedObjects();
    const r = await apply(p.token, { activityId: ACTIVITY, comment: 'Won big on dice 🎲' }, [
      { name: 'my win.png', bytes: png },
      { name: 'IMG_0001.JPG', bytes: jpeg },
    ]);
    expect(r.status).toBe(200);
    expect(r.value).toMatchObject({
      activityId: ACTIVITY,
      comment: 'Won big on dice 🎲',
      status: 'pending',
      rewardMinor: null,
      images: [
        { position: 0, contentType: 'image/png', width: 12, height: 8 },
        { position: 1, contentType: 'image/jpeg', width: 800, height: 600 },
      ],
    });
    expect(storedObjects()).toBe(before + 2);
    const keys = await sql<{ storage_key: string }>`
      select storage_key from activity_application_images where application_id = ${r.value.id}`.execute(f.db);
    for (const { storage_key } of keys.rows) {
      expect(storage_key).toMatch(/^activity\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
      expect(storage_key).not.toMatch(/win|IMG/i);
    }

    const list = await call(t, { method: 'GET', url: '/wps/member/activity/applications', token: p.token });
    expect(list.value).toMatchObject({ total: 1, list: [{ id: r.value.id, status: 'pending' }] });

    const image = await t.app.inject({
      method: 'GET',
      url: r.value.images[0].url,
      headers: { token: p.token },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(png)).toBe(true);

    // Another member: neither the list entry nor the image; a visitor: not signed in.
    const other = await player();
    const theirs = await call(t, {
      method: 'GET',
      url: '/wps/member/activity/applications',
      token: other.token,
    });
    expect(theirs.value.total).toBe(0);
    const stolen = await t.app.inject({
      method: 'GET',
      url: r.value.images[0].url,
      headers: { token: other.token },
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe('ACTIVITY_APPLICATION_NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: r.value.images[0].url })).statusCode).toBe(401);

    // Operators see it in the queue and read its images through /bo.
    const queue = await boCall(t, admin, 'GET', '/bo/activity/applications');
    const entry = queue.value.list.find((a: { id: number }) => a.id === r.value.id);
    expect(entry).toMatchObject({ account: p.username, status: 'pending' });
    const forReview = await t.app.inject({
      method: 'GET',
      url: entry.images[1].url,
      headers: { 'bo-token': admin },
    });
    expect(forReview.statusCode).toBe(200);
    expect(forReview.rawPayload.equals(jpeg)).toBe(true);
    const memberTokenOnBo = await t.app.inject({
      method: 'GET',
      url: entry.images[1].url,
      headers: { token: p.token },
    });
    expect(memberTokenOnBo.statusCode).toBe(401);

    // One pending application per member and promotion.
    const again = await apply(p.token, { activityId: ACTIVITY, comment: 'again' });
    expect([again.status, again.code]).toEqual([409, 'ACTIVITY_ALREADY_PENDING']);
  });

  test('every refusal has its own code and a translated message, and stores nothing', async () => {
    const p = await player();
    const before = storedObjects();
    const cases: [string, Record<string, string>, FilePart[], number, string][] = [
      [
        'renamed ELF',
        { activityId: ACTIVITY, comment: 'x' },
        [{ name: 'win.png', bytes: ELF }],
        415,
        'ACTIVITY_IMAGE_EXECUTABLE',
      ],
      [
        'renamed PE',
        { activityId: ACTIVITY, comment: 'x' },
        [{ name: 'win.jpg', bytes: PE }],
        415,
        'ACTIVITY_IMAGE_EXECUTABLE',
      ],
      [
        'renamed script',
        { activityId: ACTIVITY, comment: 'x' },
        [{ name: 'a.png', bytes: SCRIPT }],
        415,
        'ACTIVITY_IMAGE_EXECUTABLE',
      ],
      [
        'svg',
        { activityId: ACTIVITY, comment: 'x' },
        [{ name: 'a.png', bytes: Buffer.from('<svg/>') }],
        415,
        'ACTIVITY_IMAGE_TYPE',
      ],
      [
        '5 MB + 1',
        { activityId: ACTIVITY, comment: 'x' },
        [{ name: 'big.png', bytes: pngOfSize(5 * 1024 * 1024 + 1) }],
        413,
        'ACTIVITY_IMAGE_TOO_LARGE',
      ],
      [
        'bomb',
        { activityId: ACTIVITY, comment: 'x' },
        [{ name: 'bomb.png', bytes: pngBomb() }],
        422,
        'ACTIVITY_IMAGE_TOO_MANY_PIXELS',
      ],
      [
        'broken png',
        { activityId: ACTIVITY, comment: 'x' },
        [{ name: 'a.png', bytes: png.subarray(0, 40) }],
        422,
        'ACTIVITY_IMAGE_CORRUPT',
      ],
      [
        '../',
        { activityId: ACTIVITY, comment: 'x' },
        [{ name: '../x.png', bytes: png }],
        400,
        'ACTIVITY_IMAGE_NAME',
      ],
      [
        'a/b',
        { activityId: ACTIVITY, comment: 'x' },
        [{ name: 'a/b.png', bytes: png }],
        400,
        'ACTIVITY_IMAGE_NAME',
      ],
      [
        'backslash',
        { activityId: ACTIVITY, comment: 'x' },
        [{ name: 'C:\\Users\\x.png', bytes: png }],
        400,
        'ACTIVITY_IMAGE_NAME',
      ],
      [
        'NUL',
        { activityId: ACTIVITY, comment: 'x' },
        [{ name: 'x.png\u0000.exe', bytes: png, encoded: true }],
        400,
        'ACTIVITY_IMAGE_NAME',
      ],
      [
        '4 images',
        { activityId: ACTIVITY, comment: 'x' },
        [1, 2, 3, 4].map((n) => ({ name: `${n}.png`, bytes: png })),
        400,
        'ACTIVITY_TOO_MANY_IMAGES',
      ],
      [
        '141 characters',
        { activityId: ACTIVITY, comment: 'a'.repeat(141) },
        [],
        400,
        'ACTIVITY_COMMENT_TOO_LONG',
      ],
      ['unknown promotion', { activityId: 'nope', comment: 'x' }, [], 404, 'ACTIVITY_NOT_FOUND'],
      [
        'other file field',
        { activityId: ACTIVITY, comment: 'x' },
        [{ name: 'a.png', bytes: png, field: 'avatar' }],
        400,
        'ACTIVITY_FORM_INVALID',
      ],
      ['empty', { activityId: ACTIVITY, comment: ' ' }, [], 400, 'VALIDATION_FAILED'],
    ];
    for (const [label, fields, files, status, code] of cases) {
      const r = await apply(p.token, fields, files);
      expect([label, r.status, r.code], label).toEqual([label, status, code]);
      expect(r.message, label).toBeTruthy();
    }
    // The message comes from the caller's language.
    const body = form({ activityId: ACTIVITY, comment: 'x' }, [{ name: 'a.png', bytes: ELF }]);
    const inEnglish = await t.app.inject({
      method: 'POST',
      url: '/wps/member/activity/apply',
      payload: body.payload,
      headers: { token: p.token, 'content-type': body.contentType, lang: 'en' },
    });
    expect(inEnglish.json().message).toBe('That file is a program, not an image.');
    const json = await call(t, {
      method: 'POST',
      url: '/wps/member/activity/apply',
      token: p.token,
      payload: { activityId: ACTIVITY, comment: 'x' },
    });
    expect([json.status, json.code]).toEqual([400, 'ACTIVITY_FORM_INVALID']);
    expect(storedObjects()).toBe(before);
    const rows = await sql<{ n: string }>`
      select count(*)::text as n from activity_applications where member_id = ${p.memberId}`.execute(f.db);
    expect(rows.rows[0]!.n).toBe('0');

    // 140 characters (emoji count as one each) and three images of exactly 5 MB pass.
    const ok = await apply(p.token, { activityId: ACTIVITY, comment: '🎉'.repeat(140) }, [
      { name: 'a.png', bytes: pngOfSize(5 * 1024 * 1024) },
      { name: 'b.png', bytes: png },
      { name: 'c.jpeg', bytes: jpeg },
    ]);
    expect(ok.status).toBe(200);
    expect(ok.value.images).toHaveLength(3);
  });
});

describe('reviewing', () => {
  async function pending() {
    const p = await player();
    const r = await apply(p.token, { activityId: ACTIVITY, comment: 'please' }, [
      { name: 'a.png', bytes: png },
    ]);
    expect(r.status).toBe(200);
    return { ...p, id: r.value.id as number };
  }

  test('approval pays the reward once through the ledger; the member sees it; audited', async () => {
    const p = await pending();
    const before = await mainBalance(p.memberId);
    const r = await boCall(t, admin, 'POST', `/bo/activity/applications/${p.id}/decision`, {
      decision: 'approve',
      rewardMinor: 2_500,
    });
    expect(r.status).toBe(200);
    expect(r.value).toMatchObject({
      status: 'approved',
      rewardMinor: 2_500,
      currency: f.currency,
      memberCurrency: f.currency,
      reason: null,
    });
    expect(await mainBalance(p.memberId)).toBe(before + 2_500n);
    const again = await boCall(t, admin, 'POST', `/bo/activity/applications/${p.id}/decision`, {
      decision: 'approve',
      rewardMinor: 2_500,
    });
    expect([again.status, again.code]).toEqual([409, 'ACTIVITY_ALREADY_DECIDED']);
    expect(await mainBalance(p.memberId)).toBe(before + 2_500n);
    const transfers = await sql<{ code: string; amount_minor: string }>`
      select code, amount_minor::text from ledger_transfers where idempotency_key = ${`activity:${p.id}`}`.execute(
      f.db,
    );
    expect(transfers.rows).toEqual([{ code: 'bonus', amount_minor: '2500' }]);
    const audit = await sql<{ action: string }>`
      select action from audit_log where target_type = 'activity_application' and target_id = ${String(p.id)}`.execute(
      f.db,
    );
    expect(audit.rows).toEqual([{ action: 'activity_application.approve' }]);
    const mine = await call(t, { method: 'GET', url: '/wps/member/activity/applications', token: p.token });
    expect(mine.value.list[0]).toMatchObject({ status: 'approved', rewardMinor: 2_500 });
    // A new application to the same promotion is allowed once the last one is decided.
    expect((await apply(p.token, { activityId: ACTIVITY, comment: 'again' })).status).toBe(200);
  });

  test('rejection needs a reason, pays nothing, and the member reads the reason', async () => {
    const p = await pending();
    const before = await mainBalance(p.memberId);
    const noReason = await boCall(t, admin, 'POST', `/bo/activity/applications/${p.id}/decision`, {
      decision: 'reject',
      reason: '  ',
    });
    expect([noReason.status, noReason.code]).toEqual([400, 'VALIDATION_FAILED']);
    const r = await boCall(t, admin, 'POST', `/bo/activity/applications/${p.id}/decision`, {
      decision: 'reject',
      reason: 'The picture does not show the win',
    });
    expect(r.value).toMatchObject({ status: 'rejected', reason: 'The picture does not show the win' });
    expect(await mainBalance(p.memberId)).toBe(before);
    const mine = await call(t, { method: 'GET', url: '/wps/member/activity/applications', token: p.token });
    expect(mine.value.list[0]).toMatchObject({
      status: 'rejected',
      reason: 'The picture does not show the win',
    });
    const missing = await boCall(t, admin, 'POST', '/bo/activity/applications/99999999/decision', {
      decision: 'reject',
      reason: 'x',
    });
    expect([missing.status, missing.code]).toEqual([404, 'ACTIVITY_APPLICATION_NOT_FOUND']);
  });

  test('three operators deciding at once: one 200, two 409, paid at most once', async () => {
    const operators = [admin, await operatorToken(t, 'finance'), await operatorToken(t, 'admin')];
    for (let round = 0; round < 3; round++) {
      const p = await pending();
      const before = await mainBalance(p.memberId);
      const decisions = [
        { decision: 'approve', rewardMinor: 1_000 },
        { decision: 'approve', rewardMinor: 1_000 },
        round === 2 ? { decision: 'reject', reason: 'late' } : { decision: 'approve', rewardMinor: 1_000 },
      ];
      const results = await Promise.all(
        operators.map((token, i) =>
          boCall(t, token, 'POST', `/bo/activity/applications/${p.id}/decision`, decisions[i]),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409, 409]);
      expect(
        results.filter((r) => r.status === 409).every((r) => r.code === 'ACTIVITY_ALREADY_DECIDED'),
      ).toBe(true);
      const winner = results.find((r) => r.status === 200)!;
      const paid = winner.value.status === 'approved' ? 1_000n : 0n;
      expect(await mainBalance(p.memberId)).toBe(before + paid);
      const transfers = await sql<{ n: string }>`
        select count(*)::text as n from ledger_transfers where idempotency_key = ${`activity:${p.id}`}`.execute(
        f.db,
      );
      expect(transfers.rows[0]!.n).toBe(paid > 0n ? '1' : '0');
    }
  });

  test('the queue and decisions need promotions.review; support and visitors are refused', async () => {
    const support = await operatorToken(t, 'support');
    expect((await boCall(t, support, 'GET', '/bo/activity/applications')).code).toBe('BO_FORBIDDEN');
    const p = await pending();
    const refused = await boCall(t, support, 'POST', `/bo/activity/applications/${p.id}/decision`, {
      decision: 'approve',
      rewardMinor: 1,
    });
    expect(refused.status).toBe(403);
    expect((await boCall(t, null, 'GET', '/bo/activity/applications')).status).toBe(401);
    const image = await t.app.inject({
      method: 'GET',
      url: `/bo/activity/applications/${p.id}/images/0`,
      headers: { 'bo-token': support },
    });
    expect(image.statusCode).toBe(403);
  });
});
