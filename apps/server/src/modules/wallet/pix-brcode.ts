import { currencyScale, unitsToDecimal } from '@sorte/money';

/**
 * The BR Code of a PIX charge: the EMV® QR Code Merchant Presented Mode payload as the Banco Central
 * do Brasil's "Manual de Padrões para Iniciação do Pix" fixes it. Every field is ID (2 digits),
 * length (2 digits) and value; the last field (63) is the CRC16-CCITT-FALSE of everything before it,
 * "6304" included. What a bank app reads from the QR code and what the player pastes as "copia e
 * cola" is this one string. Pure and small on purpose: no library found fits without pulling in an
 * HTTP client (pix-utils depends on axios), and this is the whole of the format we produce.
 */

export const PIX_GUI = 'br.gov.bcb.pix';
/** Limits of the manual: name 25, city 15, txid 25 alphanumerics, location URL 77, key 77. */
export const MERCHANT_NAME_MAX = 25;
export const MERCHANT_CITY_MAX = 15;
export const TXID_MAX = 25;
const URL_MAX = 77;
const KEY_MAX = 77;
/** Field 54 holds at most 13 characters: "9999999999.99". */
export const MAX_BRCODE_AMOUNT_MINOR = 999_999_999_999n;

export interface BrCodeInput {
  /** A static charge: the receiver's PIX key (CPF, CNPJ, e-mail, +55 phone or random key). */
  key?: string;
  /** A dynamic charge: the PSP's location of the charge, without "https://". */
  url?: string;
  /** Integer minor units of BRL; absent when the payer types the amount. */
  amountMinor?: bigint;
  merchantName: string;
  merchantCity: string;
  /** Up to 25 letters and digits; "***" (the default) when there is none (dynamic charges). */
  txid?: string;
  /** "12": the QR pays once (a charge); "11" (absent) may be paid again. */
  singleUse?: boolean;
}

export class BrCodeError extends Error {}

/** CRC16-CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR. */
export function crc16(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function crcHex(text: string): string {
  return crc16(text).toString(16).toUpperCase().padStart(4, '0');
}

function field(id: string, value: string): string {
  if (value.length > 99) throw new BrCodeError(`field ${id} is longer than 99 characters`);
  return `${id}${value.length.toString().padStart(2, '0')}${value}`;
}

/**
 * Names and cities travel as plain ASCII (bank apps show them to the payer before paying): accents
 * are taken off ("São Paulo" → "Sao Paulo"), anything else outside printable ASCII dropped, spaces
 * collapsed, and the text cut to the field's limit.
 */
export function asciiField(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** The amount as field 54 wants it: a dot and two decimals, from integer minor units. */
export function brCodeAmount(amountMinor: bigint): string {
  if (amountMinor <= 0n) throw new BrCodeError('the amount must be positive');
  if (amountMinor > MAX_BRCODE_AMOUNT_MINOR) throw new BrCodeError('the amount does not fit field 54');
  return unitsToDecimal(amountMinor, currencyScale('BRL'));
}

function accountInformation(input: BrCodeInput): string {
  if (Boolean(input.key) === Boolean(input.url)) throw new BrCodeError('give either a key or a url');
  if (input.key !== undefined && input.key.length > KEY_MAX) throw new BrCodeError('the key is too long');
  if (input.url !== undefined && (input.url.length > URL_MAX || /^https?:\/\//i.test(input.url)))
    throw new BrCodeError('the url must be at most 77 characters, without a scheme');
  return field('26', field('00', PIX_GUI) + (input.key ? field('01', input.key) : field('25', input.url!)));
}

export function buildBrCode(input: BrCodeInput): string {
  const txid = input.txid ?? '***';
  if (txid !== '***' && !/^[A-Za-z0-9]{1,25}$/.test(txid))
    throw new BrCodeError('the txid must be 1 to 25 letters and digits');
  const name = asciiField(input.merchantName, MERCHANT_NAME_MAX);
  const city = asciiField(input.merchantCity, MERCHANT_CITY_MAX);
  if (!name || !city) throw new BrCodeError('the merchant name and city are required');
  const body = [
    field('00', '01'),
    input.singleUse ? field('01', '12') : '',
    accountInformation(input),
    field('52', '0000'),
    field('53', '986'),
    input.amountMinor !== undefined ? field('54', brCodeAmount(input.amountMinor)) : '',
    field('58', 'BR'),
    field('59', name),
    field('60', city),
    field('62', field('05', txid)),
    '6304',
  ].join('');
  return body + crcHex(body);
}

/** The top-level fields of a payload, in order; null when it is not a well-formed ID-length-value list. */
export function parseBrCodeFields(payload: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(payload.slice(at + 2, at + 4))) return null;
    const value = payload.slice(at + 4, at + 4 + length);
    if (value.length !== length) return null;
    fields.set(id, value);
    at += 4 + length;
  }
  return fields;
}

/** Whether the payload ends in a field 63 that is the CRC of the rest, as a bank app checks it. */
export function brCodeCrcValid(payload: string): boolean {
  if (!/6304[0-9A-F]{4}$/.test(payload) || !parseBrCodeFields(payload)) return false;
  return crcHex(payload.slice(0, -4)) === payload.slice(-4);
}
