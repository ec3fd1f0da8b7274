import { describe, expect, it } from 'vitest';
import { feePreview, parseAmountInput } from '@sorte/money';
import { amountProblem, isWithdrawalPassword, PROOF_MAX_BYTES, proofFileProblem } from './amounts';

const pt = (text: string) => parseAmountInput(text, 'BRL', 'pt-BR');

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
