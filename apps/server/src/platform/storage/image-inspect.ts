import { crc32 } from 'node:zlib';

/**
 * What an upload claiming to be a picture really is, read from its bytes (never its name or declared
 * type): a PNG whose chunks all check out or a JPEG with a frame header, with the dimensions read
 * from the header. Nothing is decoded, so a decompression bomb is refused by its declared size
 * (width × height above `maxPixels`) before any viewer expands it.
 */
export type ImageType = 'image/png' | 'image/jpeg';

export type ImageRefusal =
  /** More bytes than allowed. */
  | 'too_large'
  /** An executable or script (ELF, PE, Mach-O, `#!`), whatever its name says. */
  | 'executable'
  /** Neither PNG nor JPEG. */
  | 'type'
  /** Starts like a PNG or JPEG but its structure is broken (bad chunk, CRC, missing header). */
  | 'corrupt'
  /** Declares more pixels than allowed: a decompression bomb. */
  | 'too_many_pixels';

export type ImageInspection =
  | { ok: true; type: ImageType; width: number; height: number }
  | { ok: false; refusal: ImageRefusal };

export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The most chunks a PNG may have (a real picture has tens; millions of empty chunks are an attack). */
const MAX_PNG_CHUNKS = 4096;
/** PNG bit depths allowed per colour type (the PNG specification, table 11.1). */
const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const PNG_CRITICAL = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);

const refuse = (refusal: ImageRefusal): ImageInspection => ({ ok: false, refusal });

function isExecutable(bytes: Buffer): boolean {
  if (bytes.length < 2) return false;
  const head4 = bytes.length >= 4 ? bytes.readUInt32BE(0) : -1;
  return (
    head4 === 0x7f454c46 || // ELF
    (bytes[0] === 0x4d && bytes[1] === 0x5a) || // MZ: PE / DOS
    head4 === 0xfeedface ||
    head4 === 0xfeedfacf ||
    head4 === 0xcefaedfe ||
    head4 === 0xcffaedfe ||
    head4 === 0xcafebabe || // Mach-O (and fat binaries)
    (bytes[0] === 0x23 && bytes[1] === 0x21) // #! script
  );
}

export function inspectImage(bytes: Buffer, limits: ImageLimits): ImageInspection {
  if (bytes.length > limits.maxBytes) return refuse('too_large');
  if (isExecutable(bytes)) return refuse('executable');
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return inspectPng(bytes, limits);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return inspectJpeg(bytes, limits);
  return refuse('type');
}

function dimensions(type: ImageType, width: number, height: number, limits: ImageLimits): ImageInspection {
  if (width < 1 || height < 1) return refuse('corrupt');
  if (width * height > limits.maxPixels) return refuse('too_many_pixels');
  return { ok: true, type, width, height };
}

/**
 * Walks every chunk: lengths inside the file, CRCs right, IHDR first and once with a valid depth and
 * colour type, no unknown critical chunk, at least one IDAT, IEND last with nothing after it.
 */
function inspectPng(bytes: Buffer, limits: ImageLimits): ImageInspection {
  let offset = 8;
  let chunks = 0;
  let header: { width: number; height: number } | null = null;
  let sawData = false;
  while (offset < bytes.length) {
    if (++chunks > MAX_PNG_CHUNKS) return refuse('corrupt');
    if (offset + 12 > bytes.length) return refuse('corrupt');
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return refuse('corrupt');
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return refuse('corrupt');
    const crc = bytes.readUInt32BE(offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== crc) return refuse('corrupt');
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (chunks === 1) {
      if (type !== 'IHDR' || length !== 13) return refuse('corrupt');
      const [depth, colour, compression, filter, interlace] = [
        data[8]!,
        data[9]!,
        data[10]!,
        data[11]!,
        data[12]!,
      ];
      if (!PNG_DEPTHS[colour]?.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1)
        return refuse('corrupt');
      header = { width: data.readUInt32BE(0), height: data.readUInt32BE(4) };
      if (header.width > 0x7fffffff || header.height > 0x7fffffff) return refuse('corrupt');
      // The pixel limit is checked on the header, before anything else is read.
      const sized = dimensions('image/png', header.width, header.height, limits);
      if (!sized.ok) return sized;
    } else if (type === 'IHDR') {
      return refuse('corrupt');
    } else if (type === 'IDAT') {
      sawData = true;
    } else if (type === 'IEND') {
      if (length !== 0 || end !== bytes.length || !sawData || !header) return refuse('corrupt');
      return dimensions('image/png', header.width, header.height, limits);
    } else if (!PNG_CRITICAL.has(type) && type.charCodeAt(0) < 0x61) {
      return refuse('corrupt'); // an unknown critical chunk: no decoder would show the picture
    }
    offset = end;
  }
  return refuse('corrupt'); // no IEND
}

/** Start-of-frame markers (C0–CF except DHT C4, JPG C8, DAC CC) carry the frame's height and width. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Walks the segments up to the first scan: each length inside the file, a frame header before it. */
function inspectJpeg(bytes: Buffer, limits: ImageLimits): ImageInspection {
  let offset = 2;
  let frame: { width: number; height: number } | null = null;
  let segments = 0;
  while (offset + 4 <= bytes.length) {
    if (++segments > 1024) return refuse('corrupt');
    if (bytes[offset] !== 0xff) return refuse('corrupt');
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01)
      return refuse('corrupt'); // no length; none of these belongs before the first scan
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return refuse('corrupt');
    if (isStartOfFrame(marker)) {
      if (length < 8 || frame) return refuse('corrupt');
      frame = { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
      const sized = dimensions('image/jpeg', frame.width, frame.height, limits);
      if (!sized.ok) return sized;
    }
    if (marker === 0xda) {
      if (!frame) return refuse('corrupt');
      return dimensions('image/jpeg', frame.width, frame.height, limits);
    }
    offset += 2 + length;
  }
  return refuse('corrupt');
}
