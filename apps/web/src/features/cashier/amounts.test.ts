import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  feePreview,
  isWithdrawalPassword,
  minorToInput,
  PROOF_MAX_BYTES,
  parseAmountInput,
  proofFileProblem,
} from './amounts';

const pt = (text: string) => parseAmountInput(text, 'BRL', 'pt-BR');
const en = (text: string) => parseAmountInput(text, 'BRL', 'en');

describe('parseAmountInput', () => {
  it('reads whole amounts and the locale decimal separator', () => {
    expect(pt('100')).toEqual({ ok: true, minor: 10000n });
    expect(pt('12,34')).toEqual({ ok: true, minor: 1234n });
    expect(en('12.34')).toEqual({ ok: true, minor: 1234n });
    expect(pt('R$ 50,5')).toEqual({ ok: true, minor: 5050n });
  });

  it('treats grouping in threes as grouping', () => {
    expect(pt('1.234,56')).toEqual({ ok: true, minor: 123456n });
    expect(en('1,234.56')).toEqual({ ok: true, minor: 123456n });
    expect(pt('1.000')).toEqual({ ok: true, minor: 100000n });
    expect(en('1,000,000')).toEqual({ ok: true, minor: 100000000n });
  });

  it('reads a lone foreign separator before one or two digits as the decimal point', () => {
    expect(pt('10.50')).toEqual({ ok: true, minor: 1050n });
    expect(en('10,5')).toEqual({ ok: true, minor: 1050n });
  });

  it('refuses more decimals than the currency has, and garbage', () => {
    expect(pt('1,234')).toEqual({ ok: false, error: 'decimals' });
    expect(pt('abc')).toEqual({ ok: false, error: 'format' });
    expect(pt('-5')).toEqual({ ok: false, error: 'format' });
    expect(pt('1.23.4,00')).toEqual({ ok: false, error: 'format' });
    expect(pt('   ')).toBeNull();
  });

  it('round-trips through minorToInput', () => {
    expect(minorToInput(123456n, 'BRL', 'pt-BR')).toBe('1234,56');
    expect(minorToInput(5n, 'BRL', 'en')).toBe('0.05');
    expect(pt(minorToInput(987654n, 'BRL', 'pt-BR'))).toEqual({ ok: true, minor: 987654n });
  });
});

describe('amountProblem', () => {
  const limits = { minMinor: 1000, maxMinor: 500000, availableMinor: 20000n };
  it('names the first problem', () => {
    expect(amountProblem(null, limits)).toBe('required');
    expect(amountProblem(pt('0'), limits)).toBe('required');
    expect(amountProblem(pt('9,99'), limits)).toBe('min');
    expect(amountProblem(pt('5000,01'), limits)).toBe('max');
    expect(amountProblem(pt('200,01'), limits)).toBe('insufficient');
    expect(amountProblem(pt('1,234'), limits)).toBe('decimals');
  });
  it('accepts amounts inside the limits, bounds included', () => {
    expect(amountProblem(pt('10'), limits)).toBeNull();
    expect(amountProblem(pt('200'), limits)).toBeNull();
    expect(amountProblem(pt('999999'), {})).toBeNull();
  });
});

describe('feePreview', () => {
  it('rounds the percentage up and adds the fixed part, like the server', () => {
    expect(feePreview(10000n, 150, 0)).toEqual({ feeMinor: 150n, netMinor: 9850n });
    expect(feePreview(333n, 100, 0)).toEqual({ feeMinor: 4n, netMinor: 329n });
    expect(feePreview(10000n, 0, 200n)).toEqual({ feeMinor: 200n, netMinor: 9800n });
  });
  it('never shows a negative net amount', () => {
    expect(feePreview(100n, 0, 500)).toEqual({ feeMinor: 500n, netMinor: 0n });
    expect(feePreview(0n, 100, 500)).toEqual({ feeMinor: 0n, netMinor: 0n });
  });
});

describe('proofFileProblem', () => {
  it('accepts png and jpg up to 5 MB', () => {
    expect(proofFileProblem({ name: 'a.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(proofFileProblem({ name: 'a.jpg', type: 'image/jpeg', size: PROOF_MAX_BYTES })).toBeNull();
    expect(proofFileProblem({ name: 'a.JPEG', type: '', size: 10 })).toBeNull();
  });
  it('refuses other types, empty files and files over 5 MB', () => {
    expect(proofFileProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('type');
    expect(proofFileProblem({ name: 'a.pdf', type: '', size: 10 })).toBe('type');
    expect(proofFileProblem({ name: 'a.png', type: 'image/png', size: 0 })).toBe('empty');
    expect(proofFileProblem({ name: 'a.png', type: 'image/png', size: PROOF_MAX_BYTES + 1 })).toBe('size');
  });
});

it('withdrawal password is six digits', () => {
  expect(isWithdrawalPassword('123456')).toBe(true);
  expect(isWithdrawalPassword('12345')).toBe(false);
  expect(isWithdrawalPassword('12345a')).toBe(false);
});
