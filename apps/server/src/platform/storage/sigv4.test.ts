import { describe, expect, test } from 'vitest';
import { amzDate, sha256Hex, signingKey, signV4 } from './sigv4.ts';

const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('SigV4 against AWS published examples', () => {
  test('the signing key derivation (IAM docs: 20120215, us-east-1, iam)', () => {
    expect(
      signingKey('wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', '20120215', 'us-east-1', 'iam').toString('hex'),
    ).toBe('f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d');
  });

  test('IAM ListUsers (the general SigV4 example)', () => {
    const signed = signV4(
      {
        method: 'GET',
        url: new URL('https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08'),
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8',
          Host: 'iam.amazonaws.com',
          'X-Amz-Date': '20150830T123600Z',
        },
        payloadHash: sha256Hex(''),
      },
      {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
        service: 'iam',
      },
    );
    expect(sha256Hex(signed.canonicalRequest)).toBe(
      'f536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59',
    );
    expect(signed.signature).toBe('5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7');
  });

  test('S3 GET object with a Range header (the S3 docs example)', () => {
    const signed = signV4(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: {
          host: 'examplebucket.s3.amazonaws.com',
          range: 'bytes=0-9',
          'x-amz-content-sha256': EMPTY,
          'x-amz-date': '20130524T000000Z',
        },
        payloadHash: EMPTY,
      },
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
        service: 's3',
      },
    );
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(signed.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  test('a changed byte changes the signature; the date form', () => {
    const base = {
      method: 'PUT',
      url: new URL('http://127.0.0.1:9000/bucket/a/b'),
      headers: { host: '127.0.0.1:9000', 'x-amz-date': '20260101T000000Z' },
      payloadHash: sha256Hex('x'),
    };
    const creds = { accessKeyId: 'a', secretAccessKey: 'b', region: 'us-east-1', service: 's3' };
    expect(signV4(base, creds).signature).not.toBe(
      signV4({ ...base, payloadHash: sha256Hex('y') }, creds).signature,
    );
    expect(amzDate(new Date('2015-08-30T12:36:00.123Z'))).toBe('20150830T123600Z');
    expect(() => signV4({ ...base, headers: { host: 'h' } }, creds)).toThrow(RangeError);
  });
});
