import { describe, expect, test } from 'vitest';
import { ELF, jpegHeader, PE, pngBomb, pngImage, pngOfSize, SCRIPT } from './image-fixtures.test-helpers.ts';
import { inspectImage } from './image-inspect.ts';

const limits = { maxBytes: 5 * 1024 * 1024, maxPixels: 40_000_000 };
const refusal = (bytes: Buffer) => {
  const r = inspectImage(bytes, limits);
  return r.ok ? 'ok' : r.refusal;
};

describe('inspectImage: by content, never by name', () => {
  test('a real PNG and a JPEG header give their type and dimensions', () => {
    expect(inspectImage(pngImage(7, 3), limits)).toEqual({
      ok: true,
      type: 'image/png',
      width: 7,
      height: 3,
    });
    expect(inspectImage(jpegHeader(640, 480), limits)).toEqual({
      ok: true,
      type: 'image/jpeg',
      width: 640,
      height: 480,
    });
  });

  test('executables and scripts are named as such; other content is the wrong type', () => {
    expect([ELF, PE, SCRIPT].map(refusal)).toEqual(['executable', 'executable', 'executable']);
    expect(refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('type');
    expect(refusal(Buffer.from('GIF89a'))).toBe('type');
    expect(refusal(Buffer.alloc(0))).toBe('type');
  });

  test('size: 5 MB passes, one byte more does not', () => {
    expect(refusal(pngOfSize(limits.maxBytes))).toBe('ok');
    expect(refusal(pngOfSize(limits.maxBytes + 1))).toBe('too_large');
  });

  test('decompression bombs are refused from the header: PNG and JPEG above 40 megapixels', () => {
    expect(refusal(pngBomb())).toBe('too_many_pixels');
    expect(refusal(pngBomb(8000, 5000))).toBe('ok'); // exactly 40 MP
    expect(refusal(pngBomb(8001, 5000))).toBe('too_many_pixels');
    expect(refusal(jpegHeader(65535, 65535))).toBe('too_many_pixels');
  });

  test('PNG chunk sanity: CRC, truncation, lengths, IHDR, IEND, trailing bytes', () => {
    const good = pngImage(2, 2);
    const badCrc = Buffer.from(good);
    badCrc[good.length - 20] = (badCrc[good.length - 20]! + 1) & 0xff; // inside IDAT
    expect(refusal(badCrc)).toBe('corrupt');
    expect(refusal(good.subarray(0, good.length - 12))).toBe('corrupt'); // no IEND
    expect(refusal(good.subarray(0, 30))).toBe('corrupt');
    expect(refusal(Buffer.concat([good, Buffer.from('extra')]))).toBe('corrupt');
    const hugeLength = Buffer.from(good);
    hugeLength.writeUInt32BE(0xfffffff0, 33); // the chunk after IHDR claims 4 GB
    expect(refusal(hugeLength)).toBe('corrupt');
    const zeroWidth = pngBomb(0, 10);
    expect(refusal(zeroWidth)).toBe('corrupt');
    const badDepth = Buffer.from(good);
    badDepth[24] = 3; // bit depth 3 does not exist
    expect(refusal(badDepth)).toBe('corrupt');
  });

  test('JPEG sanity: no frame before the scan, truncated segments', () => {
    const good = jpegHeader(10, 10);
    expect(refusal(good.subarray(0, 30))).toBe('corrupt');
    expect(refusal(Buffer.from('ffd8ffda0008010100003f00ffd9', 'hex'))).toBe('corrupt');
    expect(refusal(jpegHeader(0, 10))).toBe('corrupt');
  });
});
