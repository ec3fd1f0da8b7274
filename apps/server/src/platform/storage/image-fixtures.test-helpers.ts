import { deflateSync, crc32 } from 'node:zlib';

/** Test pictures built byte by byte: real PNGs (zlib), JPEG headers, bombs and impostors. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width: number, height: number, depth = 8, colour = 2): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = depth;
  data[9] = colour;
  return chunk('IHDR', data);
}

/** A real RGB PNG of the size, every pixel `rgb` (decodable by any viewer). */
export function pngImage(
  width: number,
  height: number,
  rgb: [number, number, number] = [200, 60, 40],
): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    SIGNATURE,
    ihdr(width, height),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG whose header claims width × height with a tiny IDAT: what a decompression bomb looks like. */
export function pngBomb(width = 50_000, height = 50_000): Buffer {
  return Buffer.concat([
    SIGNATURE,
    ihdr(width, height, 8, 0),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid PNG padded with a private ancillary chunk to `bytes` in total. */
export function pngOfSize(bytes: number): Buffer {
  const base = pngImage(4, 4);
  const padding = bytes - base.length - 12;
  const iend = base.subarray(base.length - 12);
  return Buffer.concat([base.subarray(0, base.length - 12), chunk('prVt', Buffer.alloc(padding, 7)), iend]);
}

/** The segments of a baseline JPEG up to its first scan and an end marker (enough for a header parse). */
export function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from('ffe000104a46494600010100000100010000', 'hex');
  const dqt = Buffer.concat([Buffer.from('ffdb004300', 'hex'), Buffer.alloc(64, 1)]);
  const sof = Buffer.from('ffc0000b080000000001011100', 'hex');
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  const dht = Buffer.concat([
    Buffer.from('ffc4001f00', 'hex'),
    Buffer.from([0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]),
    Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
  ]);
  const sos = Buffer.from('ffda0008010100003f00', 'hex');
  return Buffer.concat([
    Buffer.from('ffd8', 'hex'),
    app0,
    dqt,
    sof,
    dht,
    sos,
    Buffer.from('d2cf20ffd9', 'hex'),
  ]);
}

export const ELF = Buffer.concat([Buffer.from('7f454c46020101000000000000000000', 'hex'), Buffer.alloc(64)]);
export const PE = Buffer.concat([
  Buffer.from('MZ', 'latin1'),
  Buffer.alloc(62),
  Buffer.from('PE\0\0', 'latin1'),
]);
export const SCRIPT = Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\n');
