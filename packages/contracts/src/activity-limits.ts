/**
 * The activity application's limits (spec §5, §9: 140 characters, png/jpg, 5 MB, 3 images), zod-free
 * so the web's form may import them as values (`@sorte/contracts/activity-limits`).
 */
export const ACTIVITY_COMMENT_MAX = 140;
export const ACTIVITY_IMAGES_MAX = 3;
export const ACTIVITY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Width × height above this is refused as a decompression bomb (40 megapixels). */
export const ACTIVITY_IMAGE_MAX_PIXELS = 40_000_000;
