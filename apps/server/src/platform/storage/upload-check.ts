import { ACTIVITY_IMAGE_MAX_BYTES, ACTIVITY_IMAGE_MAX_PIXELS, type ErrorCode } from '@sorte/contracts';
import { AppError } from '../http/app-error.ts';
import { type ImageRefusal, type ImageType, inspectImage } from './image-inspect.ts';

/**
 * The one check of an uploaded picture, shared by every upload (activity applications, promotion
 * pictures): the name carries no path, the bytes are a sane PNG or JPEG of at most 5 MB and
 * 40 megapixels — by content, never by the name or the declared type. Refusals are coded errors
 * (their messages speak of images in general) with the image's position in `details.image`.
 */
export interface UploadedFile {
  /** The name the browser sent; checked for paths, never used for storage. */
  fileName: string;
  bytes: Buffer;
}

export interface CheckedImage {
  type: ImageType;
  width: number;
  height: number;
  bytes: Buffer;
}

const REFUSALS: Record<ImageRefusal, ErrorCode> = {
  too_large: 'ACTIVITY_IMAGE_TOO_LARGE',
  executable: 'ACTIVITY_IMAGE_EXECUTABLE',
  type: 'ACTIVITY_IMAGE_TYPE',
  corrupt: 'ACTIVITY_IMAGE_CORRUPT',
  too_many_pixels: 'ACTIVITY_IMAGE_TOO_MANY_PIXELS',
};

/** A file name with a folder in it (`../x.png`, `a/b.png`, `a\b.png`), a NUL or another control character. */
export function isPathLikeName(name: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  return /[/\\\u0000-\u001f\u007f]/.test(name) || name === '.' || name === '..' || name.length > 255;
}

/** Every check of one upload, by content: the name has no path; the bytes are a sane PNG or JPEG. */
export function checkImage(file: UploadedFile, index: number): CheckedImage {
  if (isPathLikeName(file.fileName)) throw new AppError('ACTIVITY_IMAGE_NAME', { image: index });
  const inspection = inspectImage(file.bytes, {
    maxBytes: ACTIVITY_IMAGE_MAX_BYTES,
    maxPixels: ACTIVITY_IMAGE_MAX_PIXELS,
  });
  if (!inspection.ok) throw new AppError(REFUSALS[inspection.refusal], { image: index });
  return { type: inspection.type, width: inspection.width, height: inspection.height, bytes: file.bytes };
}
