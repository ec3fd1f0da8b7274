import { describe, expect, it } from 'vitest';
import {
  asciiField,
  BrCodeError,
  brCodeAmount,
  brCodeCrcValid,
  buildBrCode,
  crc16,
  parseBrCodeFields,
} from './pix-brcode.ts';

/** The Banco Central's static example (Manual de Padrões para Iniciação do Pix), CRC included. */
const MANUAL_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
/** The manual's dynamic example: single use, a location URL, R$ 123,45. */
const MANUAL_DYNAMIC =
  '00020101021226720014br.gov.bcb.pix2550bx.com.br/pix/8b3da2f3-9a41-40d1-a91a-bd93113bd4415204000053039865406123.455802BR5913Fulano de Tal6008BRASILIA62190515RP12345678-2019630445C8';

describe('CRC16-CCITT-FALSE', () => {
  it('gives the catalogue check value for "123456789"', () => {
    expect(crc16('123456789')).toBe(0x29b1);
  });

  it("gives the manual's CRC over the payload up to and including 6304", () => {
    expect(crc16(MANUAL_STATIC.slice(0, -4))).toBe(0x1d3d);
    expect(brCodeCrcValid(MANUAL_STATIC)).toBe(true);
    expect(brCodeCrcValid(MANUAL_DYNAMIC)).toBe(true);
  });

  it('rejects a payload with one character changed or a wrong check', () => {
    expect(brCodeCrcValid(MANUAL_STATIC.replace('Fulano', 'Fulana'))).toBe(false);
    expect(brCodeCrcValid(`${MANUAL_STATIC.slice(0, -4)}1D3E`)).toBe(false);
    expect(brCodeCrcValid(MANUAL_STATIC.slice(0, -1))).toBe(false);
  });
});

describe('buildBrCode', () => {
  it("reproduces the manual's static example byte for byte", () => {
    const payload = buildBrCode({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
    });
    expect(payload).toBe(MANUAL_STATIC);
  });

  it("reproduces the manual's dynamic example but for its txid (ours are alphanumeric only)", () => {
    const payload = buildBrCode({
      url: 'bx.com.br/pix/8b3da2f3-9a41-40d1-a91a-bd93113bd441',
      amountMinor: 12_345n,
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      txid: 'RP123456782019',
      singleUse: true,
    });
    const expected = MANUAL_DYNAMIC.slice(0, -4).replace('62190515RP12345678-2019', '62180514RP123456782019');
    expect(payload.slice(0, -4)).toBe(expected);
    expect(brCodeCrcValid(payload)).toBe(true);
  });

  it('lays the fields out in the order and lengths of the format', () => {
    const payload = buildBrCode({
      key: 'b6f1c1d2-5a3e-4c1f-9d7e-2a4b6c8d0e1f',
      amountMinor: 5_000n,
      merchantName: 'Sorte',
      merchantCity: 'Sao Paulo',
      txid: 'D20261126000042',
      singleUse: true,
    });
    const fields = parseBrCodeFields(payload)!;
    expect([...fields.keys()]).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12');
    expect(parseBrCodeFields(fields.get('26')!)?.get('00')).toBe('br.gov.bcb.pix');
    expect(fields.get('52')).toBe('0000');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('54')).toBe('50.00');
    expect(fields.get('58')).toBe('BR');
    expect(parseBrCodeFields(fields.get('62')!)?.get('05')).toBe('D20261126000042');
    expect(fields.get('63')).toMatch(/^[0-9A-F]{4}$/);
    expect(brCodeCrcValid(payload)).toBe(true);
  });

  it('takes accents off and cuts the name at 25 and the city at 15 characters', () => {
    const payload = buildBrCode({
      key: 'pix@example.com',
      merchantName: 'Sorte Apostas Esportivas e Cassino Ltda',
      merchantCity: 'São José dos Campos',
      txid: 'ABC',
    });
    const fields = parseBrCodeFields(payload)!;
    expect(fields.get('59')).toBe('Sorte Apostas Esportivas');
    expect(fields.get('60')).toBe('Sao Jose dos Ca');
    expect(payload).toMatch(/^[\x20-\x7e]+$/);
    expect(asciiField('  Conceição  do   Araguaia ', 40)).toBe('Conceicao do Araguaia');
    expect(asciiField('Ação 😀 ñ', 25)).toBe('Acao n');
  });

  it('refuses what the format cannot hold', () => {
    const base = { key: 'k@example.com', merchantName: 'Sorte', merchantCity: 'Rio' };
    expect(() => buildBrCode({ ...base, txid: 'D-1' })).toThrow(BrCodeError);
    expect(() => buildBrCode({ ...base, txid: 'A'.repeat(26) })).toThrow(BrCodeError);
    expect(() => buildBrCode({ ...base, url: 'x.example/p' })).toThrow(BrCodeError);
    expect(() => buildBrCode({ merchantName: 'Sorte', merchantCity: 'Rio' })).toThrow(BrCodeError);
    expect(() => buildBrCode({ ...base, key: undefined, url: 'https://x.example/p' })).toThrow(BrCodeError);
    expect(() => buildBrCode({ ...base, merchantName: '😀' })).toThrow(BrCodeError);
    expect(() => buildBrCode({ ...base, amountMinor: 0n })).toThrow(BrCodeError);
    expect(buildBrCode({ ...base, txid: 'A'.repeat(25) })).toContain(`0525${'A'.repeat(25)}`);
  });
});

describe('brCodeAmount', () => {
  it('writes minor units with a dot and two decimals, exactly', () => {
    expect(brCodeAmount(1n)).toBe('0.01');
    expect(brCodeAmount(10n)).toBe('0.10');
    expect(brCodeAmount(12_345n)).toBe('123.45');
    expect(brCodeAmount(100_000_00n)).toBe('100000.00');
    // The widest amount field 54 holds (13 characters), and one centavo more.
    expect(brCodeAmount(999_999_999_999n)).toBe('9999999999.99');
    expect(() => brCodeAmount(1_000_000_000_000n)).toThrow(BrCodeError);
  });
});
