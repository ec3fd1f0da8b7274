import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PromotionInput } from '@sorte/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { ELF, pngBomb, pngImage, pngOfSize } from '../../platform/storage/image-fixtures.test-helpers.ts';
import { BASE_FLAGS, call, OPERATOR_KEY, registerUser, setFlags } from '../auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import { type Fixture, fixture, newMember } from '../ledger/ledger.test-helpers.ts';
import { findMemberByAccount } from '../members/index.ts';
import { ensureBareMerchant } from '../system/index.ts';
import { createPromotion, setStatus } from './promotions.service.ts';

let t: TestApp;
let f: Fixture;
let dataDir: string;
let admin: string;
const DAY = 86_400_000;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'promotions-'));
  t = await createTestApp({ OPERATOR_API_KEY: OPERATOR_KEY, DATA_DIR: dataDir });
  await setFlags(t, { ...BASE_FLAGS, USERNAMEREG3: true });
  f = await fixture(t);
  admin = await operatorToken(t, 'admin');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const now = () => t.clock.now();
const iso = (offsetMs: number) => new Date(now().getTime() + offsetMs).toISOString();

function input(extra: Partial<PromotionInput> = {}): PromotionInput {
  return {
    type: 'free_content',
    category: 'general',
    startsAt: iso(-DAY),
    endsAt: iso(7 * DAY),
    audience: 'all',
    vipLevels: [],
    agentAccount: null,
    memberAccounts: [],
    displayOrder: 0,
    coverImageId: null,
    raffleId: null,
    content: { en: { title: `Promo ${randomUUID().slice(0, 6)}`, summary: 's', body: '<p>b</p>' } },
    ...extra,
  };
}

/** A promotion of the demo merchant, published unless told otherwise (written by the service). */
async function promo(
  extra: Partial<PromotionInput> = {},
  status: 'draft' | 'published' | 'archived' = 'published',
) {
  const created = await createPromotion(f.db, f.merchantId, input(extra));
  if (status !== 'draft') await setStatus(f.db, f.merchantId, created.id, status);
  return created.id;
}

async function player(options: { daysOld?: number; vip?: number; ancestry?: string } = {}) {
  const username = `pr${Math.random().toString(36).slice(2, 9)}`;
  const { session } = await registerUser(t, username);
  const row = (await findMemberByAccount(f.db, f.merchantId, username))!;
  if (options.daysOld)
    await sql`update members set created_at = ${new Date(now().getTime() - options.daysOld * DAY)} where id = ${row.id}`.execute(
      f.db,
    );
  if (options.vip !== undefined)
    await sql`update members set vip_rank_level = ${options.vip} where id = ${row.id}`.execute(f.db);
  if (options.ancestry)
    await sql`update members set ancestry = ${options.ancestry} where id = ${row.id}`.execute(f.db);
  return { token: session.token as string, id: row.id, username };
}

const listIds = async (token?: string, placement?: 'register') => {
  const r = await call(t, {
    method: 'GET',
    url: `/wps/promotions${placement ? `?placement=${placement}` : ''}`,
    ...(token ? { token } : {}),
  });
  expect(r.status).toBe(200);
  return (r.value.list as { id: number }[]).map((p) => p.id);
};
const detail = (id: number, token?: string) =>
  call(t, { method: 'GET', url: `/wps/promotions/${id}`, ...(token ? { token } : {}) });

async function setBonuses(on: boolean) {
  await sql`update merchants set bonuses_enabled = ${on} where id = ${f.merchantId}`.execute(f.db);
}

describe('the demo seed', () => {
  test('the demo merchant has four promotions in both languages; the deposit bonus is hidden with bonuses off', async () => {
    const { rows } = await sql<{ type: string; content: Record<string, { title: string }> }>`
      select type, content from promotions where merchant_id = ${f.merchantId} order by display_order`.execute(
      f.db,
    );
    expect(rows.map((r) => r.type)).toEqual([
      'free_content',
      'activity_application',
      'raffle',
      'deposit_bonus',
    ]);
    for (const row of rows) expect(Object.keys(row.content).sort()).toEqual(['en', 'pt-BR']);
    const shown = await call(t, { method: 'GET', url: '/wps/promotions' });
    const types = (shown.value.list as { type: string }[]).map((p) => p.type);
    expect(types).toEqual(['free_content', 'activity_application', 'raffle']);
    // The raffle promotion opens the demo's wheel, running now (rewards.seed.ts).
    const raffle = (shown.value.list as { type: string; id: number }[]).find((p) => p.type === 'raffle')!;
    const wheel = await sql<{
      id: string;
    }>`select id::text as id from raffles where merchant_id = ${f.merchantId}`.execute(f.db);
    expect((await detail(raffle.id)).value).toMatchObject({
      raffleId: Number(wheel.rows[0]!.id),
      raffleRunning: true,
    });
    // The seeded cover is served (it ships with the code) as the JPEG it is.
    const cover = (shown.value.list as { coverUrl: string }[])[0]!.coverUrl;
    const image = await t.app.inject({ method: 'GET', url: cover });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/jpeg']);
    await sql`delete from promotions where merchant_id = ${f.merchantId}`.execute(f.db);
  });
});

describe('who sees what', () => {
  test('a visitor sees only `all` and `new_players`; a member the audiences they are in', async () => {
    const agent = await newMember(f, 'agent');
    await sql`update members set type = 1 where id = ${agent.memberId}`.execute(f.db);
    const agentAccount = (
      await sql<{ account: string }>`select account from members where id = ${agent.memberId}`.execute(f.db)
    ).rows[0]!.account;

    const fresh = await player();
    const veteran = await player({ daysOld: 40, vip: 3 });
    const teamMember = await player({ daysOld: 40, ancestry: `/${agent.memberId}/` });
    const listed = await player({ daysOld: 40 });

    const all = await promo({ audience: 'all' });
    const newcomers = await promo({ audience: 'new_players' });
    const vip3 = await promo({ audience: 'vip_levels', vipLevels: [3, 4] });
    const vip5 = await promo({ audience: 'vip_levels', vipLevels: [5] });
    const team = await promo({ audience: 'agent_team', agentAccount });
    const list = await promo({ audience: 'member_list', memberAccounts: [listed.username.toUpperCase()] });
    const mine = [all, newcomers, vip3, vip5, team, list];
    const seen = async (token?: string) => (await listIds(token)).filter((id) => mine.includes(id));

    expect(await seen()).toEqual([all, newcomers]);
    expect(await seen(fresh.token)).toEqual([all, newcomers]);
    expect(await seen(veteran.token)).toEqual([all, vip3]);
    expect(await seen(teamMember.token)).toEqual([all, team]);
    expect(await seen(listed.token)).toEqual([all, list]);
    // A token that is not a live session shows what a visitor sees.
    expect(await seen('not-a-session')).toEqual([all, newcomers]);

    // The detail follows the same rule: 404 for a promotion not shown to the caller.
    expect((await detail(vip3)).status).toBe(404);
    expect((await detail(vip3, veteran.token)).status).toBe(200);
    expect((await detail(team, listed.token)).code).toBe('PROMOTION_NOT_FOUND');
    expect((await detail(list, listed.token)).value.id).toBe(list);
    // The register page's carousel: the new-player ones only.
    const carousel = (await listIds(undefined, 'register')).filter((id) => mine.includes(id));
    expect(carousel).toEqual([newcomers]);
  });

  test('drafts, archived, not yet started and ended promotions are hidden; display order sorts', async () => {
    const draft = await promo({}, 'draft');
    const archived = await promo({}, 'archived');
    const future = await promo({ startsAt: iso(DAY), endsAt: null });
    const ended = await promo({ startsAt: iso(-3 * DAY), endsAt: iso(-1) });
    const second = await promo({ displayOrder: 20 });
    const first = await promo({ displayOrder: -20 });
    const ids = await listIds();
    for (const hidden of [draft, archived, future, ended]) {
      expect(ids).not.toContain(hidden);
      expect((await detail(hidden)).status).toBe(404);
    }
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(ids[0]).toBe(first);
    // The window is read on the app's clock: once `future` starts it is shown, and `second` ends.
    await sql`update promotions set ends_at = ${iso(DAY + 1000)} where id = ${second}`.execute(f.db);
    t.clock.advance(DAY + 2000);
    const later = await listIds();
    expect(later).toContain(future);
    expect(later).not.toContain(second);
    t.clock.advance(-(DAY + 2000));
  });

  test("another merchant's promotion is 404 here, and its pictures too", async () => {
    await ensureBareMerchant(t.ctx, 'promoother');
    const other = (
      await sql<{ id: string }>`select id from merchants where code = 'promoother'`.execute(f.db)
    ).rows[0]!.id;
    const created = await createPromotion(f.db, other, input());
    await setStatus(f.db, other, created.id, 'published');
    const r = await detail(created.id);
    expect([r.status, r.code]).toEqual([404, 'PROMOTION_NOT_FOUND']);
    expect(await listIds()).not.toContain(created.id);
    // The other merchant's own site shows it.
    const there = await t.app.inject({
      method: 'GET',
      url: `/wps/promotions/${created.id}`,
      headers: { merchant: 'promoother' },
    });
    expect(there.statusCode).toBe(200);
    // An operator of the demo merchant cannot read, change or publish it.
    expect((await boCall(t, admin, 'GET', `/bo/promotions/${created.id}`)).status).toBe(404);
    expect((await boCall(t, admin, 'PUT', `/bo/promotions/${created.id}`, input())).status).toBe(404);
    expect(
      (await boCall(t, admin, 'POST', `/bo/promotions/${created.id}/status`, { status: 'archived' })).status,
    ).toBe(404);
  });

  test('with bonuses off, deposit bonus, reload and cashback promotions are never shown; on, they are', async () => {
    await setBonuses(false);
    const bonus = await promo({ type: 'deposit_bonus' });
    const reload = await promo({ type: 'reload' });
    const cashback = await promo({ type: 'cashback' });
    const rebate = await promo({ type: 'rebate' });
    const ids = await listIds();
    expect(ids).not.toContain(bonus);
    expect(ids).not.toContain(reload);
    expect(ids).not.toContain(cashback);
    expect(ids).toContain(rebate);
    expect((await detail(bonus)).status).toBe(404);
    const r = await boCall(t, admin, 'PUT', '/bo/promotions/settings', { bonusesEnabled: true });
    expect(r.value).toEqual({ bonusesEnabled: true, bonusWithdrawalRule: 'forfeit' });
    expect(await listIds()).toEqual(expect.arrayContaining([bonus, reload, cashback, rebate]));
    await boCall(t, admin, 'PUT', '/bo/promotions/settings', { bonusesEnabled: false });
    expect(await listIds()).not.toContain(bonus);
    expect((await boCall(t, admin, 'GET', '/bo/promotions/settings')).value).toEqual({
      bonusesEnabled: false,
      bonusWithdrawalRule: 'forfeit',
    });
  });

  test('a new merchant starts with bonuses off', async () => {
    await ensureBareMerchant(t.ctx, 'promofresh');
    const { rows } = await sql<{
      on: boolean;
    }>`select bonuses_enabled as on from merchants where code = 'promofresh'`.execute(f.db);
    expect(rows[0]!.on).toBe(false);
  });
});

describe('operators', () => {
  const audits = async (targetId: string) =>
    (
      await sql<{ action: string; before: unknown; after: unknown }>`
        select action, before, after from audit_log where target_type = 'promotion' and target_id = ${targetId}
        order by id`.execute(f.db)
    ).rows;

  test('create (a draft, body sanitized), edit, publish, archive — each audited', async () => {
    const body =
      '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">bad</a> <a href="https://ok.test">ok</a></p><style>p{}</style>';
    const created = await boCall(t, admin, 'POST', '/bo/promotions', {
      ...input({ category: 'casino' }),
      content: {
        en: { title: ' Spring ', summary: 'S', body },
        'pt-BR': { title: 'Primavera', summary: 'P', body: '<h2>Oi</h2>' },
      },
    });
    expect(created.status).toBe(200);
    const id = created.value.id as number;
    expect(created.value.status).toBe('draft');
    expect(created.value.content.en).toEqual({
      title: 'Spring',
      summary: 'S',
      body: '<p>Hi bad <a href="https://ok.test/" rel="noopener noreferrer" target="_blank">ok</a></p>',
    });
    expect((await detail(id)).status).toBe(404);

    const edited = await boCall(t, admin, 'PUT', `/bo/promotions/${id}`, {
      ...input({ category: 'sports', displayOrder: 5 }),
      content: { en: { title: 'Summer', summary: '', body: '<p>x</p>' } },
    });
    expect([edited.value.category, edited.value.content.en.title]).toEqual(['sports', 'Summer']);

    const published = await boCall(t, admin, 'POST', `/bo/promotions/${id}/status`, { status: 'published' });
    expect(published.value.status).toBe('published');
    expect((await detail(id)).value.content.en.title).toBe('Summer');
    await boCall(t, admin, 'POST', `/bo/promotions/${id}/status`, { status: 'archived' });
    expect((await detail(id)).status).toBe(404);

    const log = await audits(String(id));
    expect(log.map((a) => a.action)).toEqual([
      'promotion.create',
      'promotion.update',
      'promotion.publish',
      'promotion.archive',
    ]);
    expect(log[1]!.before).toMatchObject({ category: 'casino' });
    expect(log[1]!.after).toMatchObject({ category: 'sports' });
    expect(log[3]).toMatchObject({ before: { status: 'published' }, after: { status: 'archived' } });
    const list = await boCall(t, admin, 'GET', '/bo/promotions?status=archived');
    expect((list.value.list as { id: number }[]).map((p) => p.id)).toContain(id);
  });

  test('the preview sanitizes without writing', async () => {
    const r = await boCall(t, admin, 'POST', '/bo/promotions/preview', {
      body: '<h2 style="x">T</h2><img src="https://evil.test/x.png" onerror="alert(1)">',
    });
    expect(r.value).toEqual({ body: '<h2>T</h2>' });
  });

  test('bad input: coded 4xx', async () => {
    const post = (body: unknown) => boCall(t, admin, 'POST', '/bo/promotions', body);
    expect((await post({ ...input(), audience: 'vip_levels' })).code).toBe('PROMOTION_AUDIENCE_INVALID');
    expect((await post({ ...input(), audience: 'member_list' })).code).toBe('PROMOTION_AUDIENCE_INVALID');
    expect((await post({ ...input(), audience: 'agent_team', agentAccount: 'nobody-here' })).code).toBe(
      'PROMOTION_AGENT_UNKNOWN',
    );
    const unknown = await post({ ...input(), audience: 'member_list', memberAccounts: ['ghost1'] });
    expect([unknown.status, unknown.code, unknown.details?.accounts]).toEqual([
      400,
      'PROMOTION_MEMBER_UNKNOWN',
      ['ghost1'],
    ]);
    expect((await post({ ...input(), startsAt: iso(DAY), endsAt: iso(0) })).code).toBe(
      'PROMOTION_DATES_INVALID',
    );
    expect((await post({ ...input(), coverImageId: randomUUID() })).code).toBe('PROMOTION_IMAGE_NOT_FOUND');
    expect((await post({ ...input(), type: 'jackpot' })).code).toBe('VALIDATION_FAILED');
    expect((await post({ ...input(), content: {} })).code).toBe('VALIDATION_FAILED');
    expect((await post({ ...input(), content: { fr: { title: 'x' } } })).code).toBe('VALIDATION_FAILED');
    expect((await post({ ...input(), extra: 1 })).code).toBe('VALIDATION_FAILED');
    expect((await call(t, { method: 'GET', url: '/wps/promotions/abc' })).code).toBe('VALIDATION_FAILED');
  });

  test('without merchant.config: 403; without a session: 401; nothing written', async () => {
    const before = (await sql<{ n: string }>`select count(*)::text as n from promotions`.execute(f.db))
      .rows[0]!.n;
    for (const role of ['support', 'finance', 'auditor'] as const) {
      const token = await operatorToken(t, role);
      expect((await boCall(t, token, 'GET', '/bo/promotions')).status).toBe(403);
      const r = await boCall(t, token, 'POST', '/bo/promotions', input());
      expect([r.status, r.code]).toEqual([403, 'BO_FORBIDDEN']);
      expect(
        (await boCall(t, token, 'PUT', '/bo/promotions/settings', { bonusesEnabled: true })).status,
      ).toBe(403);
    }
    expect((await boCall(t, null, 'POST', '/bo/promotions', input())).status).toBe(401);
    const member = await player();
    expect(
      (await call(t, { method: 'POST', url: '/bo/promotions', payload: input(), token: member.token }))
        .status,
    ).toBe(401);
    const after = (await sql<{ n: string }>`select count(*)::text as n from promotions`.execute(f.db))
      .rows[0]!.n;
    expect(after).toBe(before);
    expect(
      await sql`select 1 from merchants where bonuses_enabled`.execute(f.db).then((r) => r.rows.length),
    ).toBe(0);
  });

  test('pictures: a PNG is stored and served, checked by content; usable as a cover and in a body', async () => {
    const upload = (bytes: Buffer, name = 'cover.png', field = 'image', lang = 'pt-BR') => {
      const boundary = `----sorte${randomUUID()}`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${name}"\r\ncontent-type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/bo/promotions/images',
        payload,
        headers: { 'bo-token': admin, 'content-type': `multipart/form-data; boundary=${boundary}`, lang },
      });
    };
    const ok = await upload(pngImage(40, 20));
    expect(ok.statusCode).toBe(200);
    const image = ok.json().value as { id: string; url: string; width: number };
    expect(image.width).toBe(40);
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect([
      served.statusCode,
      served.headers['content-type'],
      served.headers['x-content-type-options'],
    ]).toEqual([200, 'image/png', 'nosniff']);
    expect(Buffer.compare(served.rawPayload, pngImage(40, 20))).toBe(0);
    // Another merchant's site does not serve it.
    expect(
      (await t.app.inject({ method: 'GET', url: image.url, headers: { merchant: 'promoother' } })).statusCode,
    ).toBe(404);

    expect((await upload(ELF, 'cover.png')).json().code).toBe('ACTIVITY_IMAGE_EXECUTABLE');
    expect((await upload(pngImage(2, 2), '../x.png')).json().code).toBe('ACTIVITY_IMAGE_NAME');
    // The Done-when's four refusals hold on this upload too — a renamed executable and a path (above),
    // an oversized image and a decompression bomb — each coded, in the caller's language, none stored.
    const { rows: storedBefore } = await sql<{ n: string }>`select count(*)::text as n from audit_log
       where action = 'promotion_image.upload'`.execute(f.db);
    const refusals: [Buffer, string, number, string, string, string][] = [
      [
        pngOfSize(5 * 1024 * 1024 + 1),
        'big.png',
        413,
        'ACTIVITY_IMAGE_TOO_LARGE',
        'Each image can be at most 5 MB.',
        'Cada imagem pode ter no máximo 5 MB.',
      ],
      [
        pngBomb(),
        'bomb.png',
        422,
        'ACTIVITY_IMAGE_TOO_MANY_PIXELS',
        'That image is too large in pixels (at most 40 megapixels).',
        'Essa imagem tem pixels demais (no máximo 40 megapixels).',
      ],
      [
        ELF,
        'cover.jpg',
        415,
        'ACTIVITY_IMAGE_EXECUTABLE',
        'That file is a program, not an image.',
        'Esse arquivo é um programa, não uma imagem.',
      ],
      [
        pngImage(2, 2),
        'C:\\fotos\\x.png',
        400,
        'ACTIVITY_IMAGE_NAME',
        'The file name must not contain a folder path.',
        'O nome do arquivo não pode conter um caminho de pasta.',
      ],
    ];
    for (const [bytes, name, status, code, en, pt] of refusals) {
      const inEnglish = await upload(bytes, name, 'image', 'en');
      const inPortuguese = await upload(bytes, name);
      expect([inEnglish.statusCode, inEnglish.json().code, inEnglish.json().message]).toEqual([
        status,
        code,
        en,
      ]);
      expect([inPortuguese.statusCode, inPortuguese.json().code, inPortuguese.json().message]).toEqual([
        status,
        code,
        pt,
      ]);
    }
    const { rows: storedAfter } = await sql<{ n: string }>`select count(*)::text as n from audit_log
       where action = 'promotion_image.upload'`.execute(f.db);
    expect(storedAfter[0]!.n).toBe(storedBefore[0]!.n);
    expect((await upload(pngImage(2, 2), 'x.png', 'other')).json().code).toBe('PROMOTION_UPLOAD_INVALID');
    const support = await operatorToken(t, 'support');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/bo/promotions/images',
      payload: 'x',
      headers: { 'bo-token': support, 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(refused.statusCode).toBe(403);

    const created = await boCall(t, admin, 'POST', '/bo/promotions', {
      ...input({ coverImageId: image.id }),
      content: { en: { title: 'Pic', summary: '', body: `<p><img src="${image.url}" alt="a"></p>` } },
    });
    expect(created.value.coverUrl).toBe(image.url);
    expect(created.value.content.en.body).toBe(`<p><img src="${image.url}" alt="a"></p>`);
    const audit = await sql<{ action: string }>`
      select action from audit_log where target_type = 'promotion_image' and target_id = ${image.id}`.execute(
      f.db,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['promotion_image.upload']);
  });
});

describe('activity applications on a promotion of the CMS', () => {
  test('an activity_application promotion the member is shown takes applications; others do not', async () => {
    const member = await player();
    const open = await promo({ type: 'activity_application' });
    const content = await promo({ type: 'free_content' });
    const draft = await promo({ type: 'activity_application' }, 'draft');
    const vipOnly = await promo({ type: 'activity_application', audience: 'vip_levels', vipLevels: [9] });
    const apply = async (activityId: number) => {
      const boundary = `----sorte${randomUUID()}`;
      const payload =
        `--${boundary}\r\ncontent-disposition: form-data; name="activityId"\r\n\r\n${activityId}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="comment"\r\n\r\nmy best round\r\n--${boundary}--\r\n`;
      const r = await t.app.inject({
        method: 'POST',
        url: '/wps/member/activity/apply',
        payload,
        headers: { token: member.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      return { status: r.statusCode, ...(r.json() as { code?: string; value?: { activityId: string } }) };
    };
    expect((await detail(open, member.token)).value.takesApplications).toBe(true);
    expect((await detail(content, member.token)).value.takesApplications).toBe(false);
    const applied = await apply(open);
    expect([applied.status, applied.value?.activityId]).toEqual([200, String(open)]);
    for (const id of [content, draft, vipOnly]) expect((await apply(id)).code).toBe('ACTIVITY_NOT_FOUND');
  });
});
