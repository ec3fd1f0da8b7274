import type { PayoutAccountInput } from '@sorte/contracts';
import { isUuid } from '../../platform/http/ids.ts';

/**
 * Pure rules of payout accounts: the holder-name comparison, PIX key validation by type, and the
 * masked labels the site shows. No database here, so every rule is unit-tested on its own.
 */

/** Lower case, accents removed, whitespace collapsed: 'JOSÉ  da Silva' and 'jose da silva' are one name. */
export function normalizeName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The form a name is stored in: as typed, with the whitespace collapsed. */
export function tidyName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

export function holderNameMatches(holderName: string, realName: string): boolean {
  return normalizeName(holderName) === normalizeName(realName);
}

// ---------------------------------------------------------------- PIX keys

/** The modulo-11 check digit of Brazilian CPF/CNPJ numbers for the given weights. */
function checkDigit(digits: string, weights: number[]): number {
  const sum = weights.reduce((acc, weight, i) => acc + weight * Number(digits[i]), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(value: string): boolean {
  if (!/^\d{11}$/.test(value) || /^(\d)\1{10}$/.test(value)) return false;
  const first = checkDigit(value, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(value, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(value[9]) && second === Number(value[10]);
}

export function isValidCnpj(value: string): boolean {
  if (!/^\d{14}$/.test(value) || /^(\d)\1{13}$/.test(value)) return false;
  const first = checkDigit(value, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(value, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(value[12]) && second === Number(value[13]);
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
/** '+55', a two-digit area code (no zeros) and an 8- or 9-digit number. */
const BR_PHONE = /^\+55[1-9]{2}\d{8,9}$/;
export type PixKeyType = Extract<PayoutAccountInput, { type: 'pix' }>['pixKeyType'];

/**
 * The key in the form the PIX directory uses (CPF/CNPJ digits only, e-mail and random key in lower
 * case, phone as +55 and digits), or null when it is not a valid key of that type. Storing the
 * normalised form is what makes '123.456.789-09' and '12345678909' the same (duplicate) key.
 */
export function normalizePixKey(type: PixKeyType, key: string): string | null {
  const raw = key.trim();
  switch (type) {
    case 'cpf': {
      const digits = raw.replace(/[.\-\s]/g, '');
      return isValidCpf(digits) ? digits : null;
    }
    case 'cnpj': {
      const digits = raw.replace(/[./\-\s]/g, '');
      return isValidCnpj(digits) ? digits : null;
    }
    case 'email': {
      const email = raw.toLowerCase();
      return email.length <= 77 && EMAIL.test(email) ? email : null;
    }
    case 'phone': {
      const phone = raw.replace(/[\s\-()]/g, '');
      return BR_PHONE.test(phone) ? phone : null;
    }
    case 'random': {
      const uuid = raw.toLowerCase();
      return isUuid(uuid) ? uuid : null;
    }
  }
}

// ---------------------------------------------------------------- labels

const DOTS = '••••';

/** Keeps `head` characters at the start and `tail` at the end; the middle becomes dots. */
export function maskMiddle(value: string, head: number, tail: number): string {
  if (value.length <= head + tail) return `${value.slice(0, 1)}${DOTS}`;
  return `${value.slice(0, head)}${DOTS}${value.slice(value.length - tail)}`;
}

export function maskPixKey(type: string, key: string): string {
  if (type === 'email') {
    const [local = '', domain = ''] = key.split('@');
    return `${local.slice(0, 2)}${DOTS}@${domain}`;
  }
  if (type === 'phone') return maskMiddle(key, 5, 4);
  if (type === 'random') return maskMiddle(key, 4, 4);
  return maskMiddle(key, 3, 2);
}

export interface PayoutAccountFields {
  type: 'bank' | 'pix';
  bank_name: string | null;
  account_number: string | null;
  branch: string | null;
  pix_key_type: string | null;
  pix_key: string | null;
}

/** What the player sees: 'Banco X ••••1234' or 'PIX 123••••09'. */
export function maskedLabel(account: PayoutAccountFields): string {
  if (account.type === 'bank') {
    const digits = (account.account_number ?? '').replace(/\D/g, '');
    return `${account.bank_name ?? ''} ${DOTS}${digits.slice(-4)}`.trim();
  }
  return `PIX ${maskPixKey(account.pix_key_type ?? '', account.pix_key ?? '')}`;
}

/** What the paying operator sees: the whole account ('Banco X 1234-5 / 0012345-6'), since they must send the money to it. */
export function fullLabel(account: PayoutAccountFields): string {
  if (account.type === 'bank')
    return `${account.bank_name ?? ''} ${account.branch ?? ''} / ${account.account_number ?? ''}`;
  return `PIX ${account.pix_key_type ?? ''} ${account.pix_key ?? ''}`;
}
