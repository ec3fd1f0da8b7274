import { describe, expect, it } from 'vitest';
import {
  holderNameMatches,
  isValidCnpj,
  isValidCpf,
  maskedLabel,
  normalizePixKey,
} from './payout-accounts.rules.ts';

describe('holder name', () => {
  it('matches ignoring case, accents and repeated spaces', () => {
    expect(holderNameMatches('JOSÉ  da   Conceição', 'jose da conceicao')).toBe(true);
    expect(holderNameMatches(' Ana Lúcia ', 'ana lucia')).toBe(true);
  });

  it('does not match another name or a partial one', () => {
    expect(holderNameMatches('Ana Lucia', 'Ana Luiza')).toBe(false);
    expect(holderNameMatches('Ana', 'Ana Lucia')).toBe(false);
  });
});

describe('PIX keys', () => {
  it('accepts a CPF with correct check digits, formatted or not, and stores digits', () => {
    expect(isValidCpf('52998224725')).toBe(true);
    expect(normalizePixKey('cpf', '529.982.247-25')).toBe('52998224725');
  });

  it('refuses a CPF with a wrong check digit or all digits equal', () => {
    expect(normalizePixKey('cpf', '529.982.247-24')).toBeNull();
    expect(isValidCpf('11111111111')).toBe(false);
    expect(normalizePixKey('cpf', '1234')).toBeNull();
  });

  it('checks CNPJ check digits', () => {
    expect(normalizePixKey('cnpj', '11.222.333/0001-81')).toBe('11222333000181');
    expect(isValidCnpj('11222333000182')).toBe(false);
  });

  it('checks e-mail, +55 phone and random (UUID) keys', () => {
    expect(normalizePixKey('email', 'Ana@Example.com')).toBe('ana@example.com');
    expect(normalizePixKey('email', 'ana@example')).toBeNull();
    expect(normalizePixKey('phone', '+55 (11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('phone', '11987654321')).toBeNull();
    expect(normalizePixKey('phone', '+1 415 555 0100')).toBeNull();
    expect(normalizePixKey('random', '123E4567-E89B-12D3-A456-426614174000')).toBe(
      '123e4567-e89b-12d3-a456-426614174000',
    );
    expect(normalizePixKey('random', 'not-a-uuid')).toBeNull();
  });
});

describe('labels', () => {
  const blank = { bank_name: null, branch: null, account_number: null, pix_key_type: null, pix_key: null };
  it('shows the bank and the last four digits only', () => {
    expect(maskedLabel({ ...blank, type: 'bank', bank_name: 'Banco X', account_number: '0012345-6' })).toBe(
      'Banco X ••••3456',
    );
  });

  it('hides the middle of a PIX key', () => {
    const label = maskedLabel({ ...blank, type: 'pix', pix_key_type: 'cpf', pix_key: '52998224725' });
    expect(label).toBe('PIX 529••••25');
    expect(
      maskedLabel({ ...blank, type: 'pix', pix_key_type: 'email', pix_key: 'ana.lucia@example.com' }),
    ).toBe('PIX an••••@example.com');
  });
});
