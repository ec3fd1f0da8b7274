import { createHash } from 'node:crypto';
import type { AbuseDimension } from '@sorte/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';

/** One normalised value that identifies the person, device, address or payout account behind a member. */
export interface Fingerprint {
  dimension: AbuseDimension;
  /** SHA-256 of dimension and normalised value: the value itself is not copied into the abuse tables. */
  fingerprint: string;
  /** What an operator sees: masked where the value is personal (a CPF, a PIX key). */
  hint: string;
}

/** Devices and IPs of this many most recent sessions count; older ones are history, not identity. */
const RECENT_SESSIONS = 20;

const digits = (text: string) => text.replace(/\D/g, '');
const tail = (text: string, n = 4) => `…${text.slice(-n)}`;

/** A proxy's IPv4-in-IPv6 form and the plain form are the same address. */
export function normaliseIp(ip: string): string {
  const lower = ip.trim().toLowerCase();
  return lower.startsWith('::ffff:') && lower.includes('.') ? lower.slice(7) : lower;
}

/** Case, accents, punctuation and spacing do not make a delivery address another one. */
export function normaliseAddress(line: string, postalCode: string): string {
  const plain = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return `${digits(postalCode) || plain(postalCode)}|${plain(line)}`;
}

function print(dimension: AbuseDimension, value: string, hint: string): Fingerprint {
  return {
    dimension,
    fingerprint: createHash('sha256').update(`${dimension}:${value}`).digest('hex'),
    hint,
  };
}

interface MemberRow {
  id_number: string | null;
  register_ip: string | null;
  last_login_ip: string | null;
}
interface PayoutRow {
  type: string;
  bank_name: string | null;
  branch: string | null;
  account_number: string | null;
  pix_key_type: string | null;
  pix_key: string | null;
}
interface AddressRow {
  address: { line?: string; postalCode?: string; city?: string } | null;
}

/**
 * The member's fingerprints, deduplicated and in a fixed order (dimension, then hash) so two claims
 * reserving the same ones always take the unique index's entries in the same order and cannot deadlock.
 *
 * - person: the document number (CPF) of the profile, and a PIX key of type CPF (the same person's);
 * - device: the device ids of the member's recent sessions;
 * - address: the registration IP, the recent sign-in IPs, and the delivery addresses of points-mall goods;
 * - payout: the PIX keys and bank accounts the member withdraws to (removed ones too: removing a key
 *   after claiming must not free it for the next account).
 */
export async function fingerprintsOf(db: Db, memberId: string): Promise<Fingerprint[]> {
  const { rows: members } = await sql<MemberRow>`
    select id_number, register_ip, last_login_ip from members where id = ${memberId}`.execute(db);
  const member = members[0];
  if (!member) return [];
  const { rows: sessions } = await sql<{ ip: string | null; device_id: string | null }>`
    select ip, device_id from sessions where member_id = ${memberId}
     order by created_at desc limit ${RECENT_SESSIONS}`.execute(db);
  const { rows: payouts } = await sql<PayoutRow>`
    select type, bank_name, branch, account_number, pix_key_type, pix_key from payout_accounts
     where member_id = ${memberId}`.execute(db);
  const { rows: addresses } = await sql<AddressRow>`
    select address from points_redemptions where member_id = ${memberId} and address is not null`.execute(db);

  const prints: Fingerprint[] = [];
  const person = (raw: string | null) => {
    const cpf = digits(raw ?? '');
    if (cpf.length >= 5) prints.push(print('person', cpf, `CPF ${tail(cpf)}`));
  };
  person(member.id_number);
  for (const s of sessions) if (s.device_id) prints.push(print('device', s.device_id, tail(s.device_id, 6)));
  for (const ip of [member.register_ip, member.last_login_ip, ...sessions.map((s) => s.ip)]) {
    if (ip) prints.push(print('address', `ip:${normaliseIp(ip)}`, `IP ${normaliseIp(ip)}`));
  }
  for (const { address } of addresses) {
    if (!address?.line || !address.postalCode) continue;
    const value = normaliseAddress(address.line, address.postalCode);
    prints.push(print('address', `postal:${value}`, `${address.postalCode} ${address.city ?? ''}`.trim()));
  }
  for (const p of payouts) {
    if (p.type === 'pix' && p.pix_key) {
      const key = p.pix_key.trim().toLowerCase();
      prints.push(print('payout', `pix:${key}`, `PIX ${tail(key)}`));
      if (p.pix_key_type === 'cpf') person(key);
    } else if (p.account_number) {
      const account = `${(p.bank_name ?? '').trim().toLowerCase()}|${digits(p.branch ?? '')}|${digits(p.account_number)}`;
      prints.push(
        print('payout', `bank:${account}`, `${p.bank_name ?? ''} ${tail(digits(p.account_number))}`.trim()),
      );
    }
  }
  const unique = new Map(prints.map((p) => [`${p.dimension}:${p.fingerprint}`, p]));
  const order = (p: Fingerprint) => `${p.dimension}:${p.fingerprint}`;
  return [...unique.values()].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}
