import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { createAuthTestApp, validRegistration } from '../auth/auth.test-helpers.ts';
import { boCall, operatorToken } from '../backoffice/backoffice.test-helpers.ts';
import { type Fixture, fixture, newMember } from '../ledger/ledger.test-helpers.ts';
import { type ClaimDecision, reserveClaim } from './abuse.claims.ts';
import { normaliseAddress, normaliseIp } from './abuse.fingerprints.ts';

let t: TestApp;
let f: Fixture;
let admin: string;
beforeAll(async () => {
  t = await createAuthTestApp({ USERNAMEREG3: true });
  f = await fixture(t);
  admin = await operatorToken(t, 'admin');
});
afterAll(() => t.close());

const deviceId = () => randomBytes(16).toString('hex');

/** A member with no IP of its own unless given, so only the fingerprints a test sets can match. */
async function member(profile: { cpf?: string; ip?: string } = {}) {
  const m = await newMember(f, 'abuse');
  await sql`update members set id_number = ${profile.cpf ?? null}, register_ip = ${profile.ip ?? null}
     where id = ${m.memberId}`.execute(f.db);
  return m.memberId;
}

/** A sign-in's session from a device, the way the login stores it. */
async function signedInFrom(memberId: string, device: string | null, ip = '198.51.100.7') {
  const now = new Date();
  await sql`insert into sessions (token_hash, member_id, merchant_id, created_at, last_seen_at, expires_at, ip,
      user_agent, device_id)
    values (${randomBytes(32).toString('hex')}, ${memberId}, ${f.merchantId}, ${now}, ${now},
      ${new Date(now.getTime() + 3_600_000)}, ${ip}, null, ${device})`.execute(f.db);
}

async function pix(memberId: string, type: string, key: string) {
  await sql`insert into payout_accounts (merchant_id, member_id, type, pix_key_type, pix_key, holder_name)
    values (${f.merchantId}, ${memberId}, 'pix', ${type}, ${key}, 'Ana')`.execute(f.db);
}

const claim = (memberId: string, kind: 'welcome_bonus' | 'raffle' = 'welcome_bonus') =>
  f.db
    .transaction()
    .execute((trx) => reserveClaim(trx, { merchantId: f.merchantId, memberId, kind, now: new Date() }));

async function flagsOf(memberId: string) {
  const { rows } = await sql<{ outcome: string; matches: { dimension: string; memberId: string }[] }>`
    select outcome, matches from abuse_flags where member_id = ${memberId} order by id`.execute(f.db);
  return rows;
}

describe('fingerprints', () => {
  test('an IPv4 behind its IPv6 form, and an address written differently, are the same', () => {
    expect(normaliseIp('::FFFF:203.0.113.9')).toBe('203.0.113.9');
    expect(normaliseIp('2001:db8::1')).toBe('2001:db8::1');
    expect(normaliseAddress('Rua São João, 10 ', '01000-000')).toBe(
      normaliseAddress('rua sao joao 10', '01000000'),
    );
  });
});

describe('once per person, device and payout account (the welcome bonus defaults)', () => {
  test('a second member with the same CPF is refused and flagged; the first may ask again', async () => {
    const first = await member({ cpf: '123.456.789-09' });
    const second = await member({ cpf: '12345678909' });
    expect(await claim(first)).toEqual({ allowed: true, repeat: false, nearMatches: [] });
    expect(await claim(first)).toMatchObject({ allowed: true, repeat: true });
    const refused = (await claim(second)) as Extract<ClaimDecision, { allowed: false }>;
    expect(refused).toMatchObject({ allowed: false, code: 'ABUSE_CLAIM_LIMIT' });
    expect(refused.matches).toEqual([
      { dimension: 'person', hint: 'CPF …8909', enforced: true, memberId: first },
    ]);
    expect(await flagsOf(second)).toEqual([
      { outcome: 'refused', matches: [expect.objectContaining({ dimension: 'person', memberId: first })] },
    ]);
    // The refusal left no claim and no marks behind: asking again is refused again, not a repeat.
    expect(await claim(second)).toMatchObject({ allowed: false });
    // Another kind of claim is limited separately (and only flagged by default).
    expect(await claim(second, 'raffle')).toMatchObject({ allowed: true, repeat: false });
  });

  test("a PIX key of type CPF is the person's document, and a shared PIX key is a shared payout account", async () => {
    const first = await member({ cpf: '98765432100' });
    const viaKey = await member();
    await pix(viaKey, 'cpf', '98765432100');
    const sharedKey = await member();
    const other = await member();
    await pix(other, 'email', 'ana@example.com');
    await pix(sharedKey, 'email', 'ana@example.com');
    expect(await claim(first)).toMatchObject({ allowed: true });
    expect(await claim(viaKey)).toMatchObject({
      allowed: false,
      matches: [expect.objectContaining({ dimension: 'person', memberId: first })],
    });
    expect(await claim(other)).toMatchObject({ allowed: true });
    expect(await claim(sharedKey)).toMatchObject({
      allowed: false,
      matches: [expect.objectContaining({ dimension: 'payout', memberId: other })],
    });
  });

  test('40 members sharing a device claim at once: exactly one succeeds', async () => {
    const device = deviceId();
    const members = await Promise.all(Array.from({ length: 40 }, () => member()));
    for (const [i, m] of members.entries()) await signedInFrom(m, device, `203.0.113.${i + 1}`);
    const decisions = await Promise.all(members.map((m) => claim(m)));
    const winners = decisions.filter((d) => d.allowed);
    expect(winners).toHaveLength(1);
    const winner = members[decisions.findIndex((d) => d.allowed)];
    for (const d of decisions.filter((d) => !d.allowed))
      expect(d).toMatchObject({ matches: [{ dimension: 'device', memberId: winner, enforced: true }] });
    const { rows } = await sql<{ n: bigint }>`
      select count(*)::bigint as n from abuse_flags where outcome = 'refused'
         and member_id in (${sql.join(members.map((m) => sql`${m}::uuid`))})`.execute(f.db);
    expect(Number(rows[0]!.n)).toBe(39);
  });

  test('a shared IP is only a near-match by default: allowed and flagged', async () => {
    const first = await member({ ip: '192.0.2.44' });
    const second = await member();
    await signedInFrom(second, null, '::ffff:192.0.2.44');
    expect(await claim(first)).toMatchObject({ allowed: true });
    expect(await claim(second)).toMatchObject({
      allowed: true,
      repeat: false,
      nearMatches: [{ dimension: 'address', hint: 'IP 192.0.2.44', enforced: false, memberId: first }],
    });
    expect(await flagsOf(second)).toMatchObject([{ outcome: 'near_match' }]);
  });
});

describe('the back office', () => {
  test('operators set the rules (audited); an address becomes once-only; the flags name the members', async () => {
    const rules = await boCall(t, admin, 'GET', '/bo/abuse/rules');
    expect(rules.value.list[0]).toEqual({
      kind: 'welcome_bonus',
      person: true,
      device: true,
      address: false,
      payout: true,
    });
    const saved = await boCall(t, admin, 'PUT', '/bo/abuse/rules', {
      list: [{ kind: 'deposit_bonus', person: false, device: false, address: true, payout: false }],
    });
    expect(saved.status).toBe(200);
    expect(saved.value.list.find((r: { kind: string }) => r.kind === 'deposit_bonus').address).toBe(true);
    const { rows: audit } = await sql<{ action: string }>`
      select action from audit_log where action = 'abuse_rules.update'`.execute(f.db);
    expect(audit).toHaveLength(1);

    const first = await member({ ip: '192.0.2.99' });
    const second = await member({ ip: '192.0.2.99' });
    const kind = 'deposit_bonus';
    const run = (m: string) =>
      f.db
        .transaction()
        .execute((trx) =>
          reserveClaim(trx, { merchantId: f.merchantId, memberId: m, kind, now: new Date() }),
        );
    expect(await run(first)).toMatchObject({ allowed: true });
    expect(await run(second)).toMatchObject({ allowed: false, code: 'ABUSE_CLAIM_LIMIT' });

    const { rows } = await sql<{ account: string }>`select account from members where id = ${second}`.execute(
      f.db,
    );
    const page = await boCall(t, admin, 'GET', `/bo/abuse/flags?outcome=refused&kind=deposit_bonus`);
    expect(page.status).toBe(200);
    expect(page.value.list[0]).toMatchObject({
      kind: 'deposit_bonus',
      outcome: 'refused',
      account: rows[0]!.account,
      matches: [
        { dimension: 'address', memberId: first, enforced: true, account: expect.stringMatching(/^abuse/) },
      ],
    });
    expect((await boCall(t, admin, 'GET', '/bo/abuse/flags?outcome=bogus')).status).toBe(400);
    expect((await boCall(t, null, 'GET', '/bo/abuse/flags')).status).toBe(401);
    const finance = await operatorToken(t, 'finance');
    expect((await boCall(t, finance, 'PUT', '/bo/abuse/rules', saved.value)).status).toBe(403);
  });
});

describe('the device id', () => {
  test('a sign-in keeps the site’s device id with its session; a malformed one is not kept', async () => {
    const device = deviceId();
    const login = async (username: string, header: string) => {
      await t.app.inject({
        method: 'PUT',
        url: '/wps/member/register',
        payload: validRegistration(username),
        headers: { 'x-device-id': header },
        remoteAddress: '10.9.9.9',
      });
      const { rows } = await sql<{ device_id: string | null }>`
        select s.device_id from sessions s join members m on m.id = s.member_id
         where lower(m.account) = ${username}`.execute(f.db);
      return rows.map((r) => r.device_id);
    };
    expect(await login('abusedev1', device)).toEqual([device]);
    expect(await login('abusedev2', 'x; drop table')).toEqual([null]);
  });
});
