import { PROOF_MAX_BYTES } from '@sorte/contracts';
import { describe, expect, it } from 'vitest';
import { acceptedProofType, sniffImageType } from './receipts.rules.ts';

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const jpeg = Buffer.from('ffd8ffe000104a464946', 'hex');

describe('receipt proof', () => {
  it('recognises PNG and JPEG by their first bytes', () => {
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(jpeg)).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('accepts only when the declared type is what the bytes are', () => {
    expect(acceptedProofType('image/png', png)).toBe('image/png');
    expect(acceptedProofType('image/jpg', jpeg)).toBe('image/jpeg');
    expect(acceptedProofType('image/png', jpeg)).toBeNull();
    expect(acceptedProofType('image/png', Buffer.from('#!/bin/sh\n'))).toBeNull();
    expect(acceptedProofType('application/pdf', png)).toBeNull();
  });

  it('refuses an empty file and one over the size limit', () => {
    expect(acceptedProofType('image/png', Buffer.alloc(0))).toBeNull();
    const big = Buffer.concat([png, Buffer.alloc(PROOF_MAX_BYTES)]);
    expect(acceptedProofType('image/png', big)).toBeNull();
  });
});
