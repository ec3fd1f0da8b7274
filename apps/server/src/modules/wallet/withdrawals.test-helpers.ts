import { crc32, deflateSync } from 'node:zlib';
import type { TestApp } from '../../../test/harness.ts';
import { call } from '../auth/auth.test-helpers.ts';
import { fixture, fundedPlayer, key } from '../ledger/ledger.test-helpers.ts';

/** Helpers shared by the withdrawal, payout-account and security tests (imported by *.test.ts only). */

export const PIN = '246810';
/** A CPF with valid check digits, used as a PIX key. */
export const CPF = '52998224725';

/** Known cashier rules for the demo merchant, so limits and fees in the tests are predictable. */
export async function setCashierRules(t: TestApp, rules: Record<string, unknown> = {}): Promise<void> {
  const f = await fixture(t);
  await t.ctx.db
    .updateTable('cashier_settings')
    .set({
      withdraw_min_minor: 1_000n,
      withdraw_max_minor: 100_000n,
      withdraw_daily_count: 3,
      withdraw_fee_bps: 0,
      withdraw_fee_fixed_minor: 0n,
      auto_receipt_minutes: 30,
      max_payout_accounts: 2,
      ...rules,
    })
    .where('merchant_id', '=', f.merchantId)
    .execute();
}

export interface Player {
  token: string;
  memberId: string;
  mainId: bigint;
}

/** A registered, signed-in member with `balanceMinor` on the main wallet. */
export async function newPlayer(t: TestApp, balanceMinor = 0n): Promise<Player> {
  const { token, memberId, mainId } = await fundedPlayer(t, await fixture(t), 'wd', balanceMinor);
  return { token, memberId, mainId };
}

/** A player with a withdrawal password and one PIX payout account held by `name`. */
export async function readyPlayer(t: TestApp, balanceMinor: bigint, name = 'Maria da Silva') {
  const p = await newPlayer(t, balanceMinor);
  const pin = await call(t, {
    method: 'POST',
    url: '/wps/member/withdrawal-password',
    token: p.token,
    payload: { newPassword: PIN, confirmPassword: PIN },
  });
  if (pin.status !== 200) throw new Error(`withdrawal password: ${pin.status} ${pin.code}`);
  const account = await call(t, {
    method: 'POST',
    url: '/wps/member/payout-accounts',
    token: p.token,
    payload: { type: 'pix', pixKeyType: 'cpf', pixKey: CPF, holderName: name },
  });
  if (account.status !== 200) throw new Error(`payout account: ${account.status} ${account.code}`);
  return { ...p, payoutAccountId: account.value.id as string };
}

export function withdraw(
  t: TestApp,
  p: Player & { payoutAccountId: string },
  amountMinor: number,
  extra: Record<string, unknown> = {},
) {
  return call(t, {
    method: 'POST',
    url: '/wps/cashier/withdraw',
    token: p.token,
    payload: {
      amountMinor,
      payoutAccountId: p.payoutAccountId,
      withdrawalPassword: PIN,
      idempotencyKey: key('wd'),
      ...extra,
    },
  });
}

export interface MultipartFile {
  name: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body with text fields and at most one file. */
export function multipart(fields: Record<string, string>, file?: MultipartFile | MultipartFile[]) {
  const boundary = `----sorte${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const part of file === undefined ? [] : Array.isArray(file) ? file : [file]) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\ncontent-type: ${part.type}\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A real, decodable 1×1 PNG built with zlib (signature, IHDR, IDAT, IEND with their CRCs). */
export function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
  const pixels = deflateSync(Buffer.from([0, 255, 0, 0, 255]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
