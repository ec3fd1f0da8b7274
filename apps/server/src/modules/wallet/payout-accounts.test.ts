import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { CPF, newPlayer, setCashierRules } from './withdrawals.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createAuthTestApp({});
  await setCashierRules(t, { max_payout_accounts: 2 });
});
afterAll(async () => t?.close());

const add = (token: string, payload: Record<string, unknown>) =>
  call(t, { method: 'POST', url: '/wps/member/payout-accounts', token, payload });
const list = (token: string) => call(t, { method: 'GET', url: '/wps/member/payout-accounts', token });
const security = (token: string) => call(t, { method: 'GET', url: '/wps/member/security', token });
const pix = (pixKey: string, holderName: string, pixKeyType = 'cpf') => ({
  type: 'pix',
  pixKeyType,
  pixKey,
  holderName,
});
const bank = (accountNumber: string, holderName: string) => ({
  type: 'bank',
  bankName: 'Banco do Brasil',
  branch: '1234-5',
  accountNumber,
  holderName,
});

describe('payout accounts', () => {
  it('the first account sets the real name; later holders must match it, case and accents aside', async () => {
    const p = await newPlayer(t);
    expect((await security(p.token)).value.realName).toBeNull();
    const first = await add(p.token, pix('529.982.247-25', 'João  da Conceição'));
    expect(first.status).toBe(200);
    expect(first.value).toMatchObject({ type: 'pix', label: 'PIX 529••••25', isDefault: true });
    expect((await security(p.token)).value.realName).toBe('João da Conceição');

    const same = await add(p.token, bank('0012345-6', 'JOAO DA CONCEICAO'));
    expect(same.status).toBe(200);
    expect(same.value).toMatchObject({ label: 'Banco do Brasil ••••3456', isDefault: false });

    const other = await add(p.token, pix('ana@example.com', 'Ana Souza', 'email'));
    expect(other.status).toBe(422);
    expect(other.code).toBe('CASHIER_HOLDER_NAME_MISMATCH');
    expect((await list(p.token)).value).toHaveLength(2);
  });

  it('refuses an invalid PIX key for its type, a duplicate and one over the limit', async () => {
    const p = await newPlayer(t);
    const badCpf = await add(p.token, pix('529.982.247-24', 'Ana Souza'));
    expect(badCpf.code).toBe('VALIDATION_FAILED');
    expect(badCpf.details).toEqual({ fields: [expect.objectContaining({ field: 'pixKey' })] });
    expect((await add(p.token, pix('11987654321', 'Ana Souza', 'phone'))).code).toBe('VALIDATION_FAILED');
    expect((await add(p.token, pix('not-a-uuid-key', 'Ana Souza', 'random'))).code).toBe('VALIDATION_FAILED');
    // Nothing was stored, so the name was not taken from a refused account either.
    expect((await security(p.token)).value.realName).toBeNull();

    expect((await add(p.token, pix(CPF, 'Ana Souza'))).status).toBe(200);
    const duplicate = await add(p.token, pix('529.982.247-25', 'ana souza'));
    expect(duplicate.status).toBe(409);
    expect(duplicate.code).toBe('CASHIER_PAYOUT_ACCOUNT_EXISTS');
    expect((await add(p.token, pix('+55 11 98765-4321', 'Ana Souza', 'phone'))).status).toBe(200);
    const third = await add(p.token, pix('ana@example.com', 'Ana Souza', 'email'));
    expect(third.code).toBe('CASHIER_PAYOUT_ACCOUNT_LIMIT');
  });

  it('removes softly, moves the default, and keeps other members out', async () => {
    const p = await newPlayer(t);
    const first = await add(p.token, pix(CPF, 'Rita Lima'));
    const second = await add(p.token, bank('998877', 'Rita Lima'));
    const stranger = await newPlayer(t);
    const foreign = await call(t, {
      method: 'DELETE',
      url: `/wps/member/payout-accounts/${first.value.id}`,
      token: stranger.token,
    });
    expect(foreign.code).toBe('CASHIER_PAYOUT_ACCOUNT_NOT_FOUND');

    const made = await call(t, {
      method: 'POST',
      url: `/wps/member/payout-accounts/${second.value.id}/default`,
      token: p.token,
    });
    expect(made.value.map((a: { id: string; isDefault: boolean }) => [a.id, a.isDefault])).toEqual([
      [second.value.id, true],
      [first.value.id, false],
    ]);
    const removed = await call(t, {
      method: 'DELETE',
      url: `/wps/member/payout-accounts/${second.value.id}`,
      token: p.token,
    });
    expect(removed.status).toBe(200);
    const left = (await list(p.token)).value;
    expect(left).toEqual([expect.objectContaining({ id: first.value.id, isDefault: true })]);
    const row = await t.ctx.db
      .selectFrom('payout_accounts')
      .select('removed_at')
      .where('id', '=', second.value.id)
      .executeTakeFirstOrThrow();
    expect(row.removed_at).not.toBeNull();
    // The freed slot can take a new account (the limit counts live accounts only).
    expect((await add(p.token, pix('rita@example.com', 'Rita Lima', 'email'))).status).toBe(200);
    const bogus = await call(t, {
      method: 'DELETE',
      url: '/wps/member/payout-accounts/not-a-uuid',
      token: p.token,
    });
    expect(bogus.code).toBe('CASHIER_PAYOUT_ACCOUNT_NOT_FOUND');
  });
});

describe('profile and security centre', () => {
  it('sets the real name only while empty; the nickname any time', async () => {
    const p = await newPlayer(t);
    const patch = (payload: Record<string, unknown>) =>
      call(t, { method: 'PATCH' as 'PUT', url: '/wps/member/profile', token: p.token, payload });
    const set = await patch({ realName: 'Carla Mendes', nickname: 'carlinha' });
    expect(set.status).toBe(200);
    expect(set.value).toMatchObject({ realName: 'Carla Mendes', nickname: 'carlinha' });
    const again = await patch({ realName: 'carla  mendes' });
    expect(again.status).toBe(200);
    const changed = await patch({ realName: 'Outra Pessoa' });
    expect(changed.status).toBe(409);
    expect(changed.code).toBe('CASHIER_REAL_NAME_LOCKED');
    expect((await patch({ nickname: 'carla' })).value.nickname).toBe('carla');
    expect((await patch({ realName: '1234' })).code).toBe('VALIDATION_FAILED');
    // The name set here is the one payout accounts must carry.
    expect((await add(p.token, pix(CPF, 'Outra Pessoa'))).code).toBe('CASHIER_HOLDER_NAME_MISMATCH');
  });

  it('shows masked contacts, the password state, accounts and the latest sign-ins with device', async () => {
    const p = await newPlayer(t);
    await t.ctx.db
      .updateTable('members')
      .set({ email: 'carla@example.com', country_dialing_code: '55', mobile: '11987654321' })
      .where('id', '=', p.memberId)
      .execute();
    await add(p.token, pix(CPF, 'Carla Mendes'));
    const ua =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
    const account = (await security(p.token)).value.account as string;
    t.clock.advance(60_000);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      remoteAddress: '10.9.8.7',
      headers: { 'user-agent': ua },
      payload: { type: 'username', username: account, password: 'secret12' },
    });
    expect(signIn.statusCode).toBe(200);
    const view = (await security(p.token)).value;
    expect(view).toMatchObject({
      email: 'c***@example.com',
      mobile: '+55 *******4321',
      realName: 'Carla Mendes',
      hasWithdrawalPassword: false,
    });
    expect(view.payoutAccounts).toHaveLength(1);
    expect(view.recentLogins.length).toBe(2);
    expect(view.recentLogins[0]).toMatchObject({ ip: '10.9.8.7', device: 'Chrome · Android' });
  });
});
