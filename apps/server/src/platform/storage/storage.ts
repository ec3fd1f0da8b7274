import { randomUUID } from 'node:crypto';

/**
 * Where uploaded files live (activity images today): objects addressed by a key the server makes
 * (`newObjectKey`), never by a name a client sent. Two implementations: a folder under DATA_DIR
 * (`local.ts`, the default) and an S3-compatible bucket (`s3.ts`, STORAGE_DRIVER=s3).
 */
export interface ObjectStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Lower-case words, digits and dashes, separated by single slashes: no `..`, no leading slash. */
const KEY = /^[a-z0-9][a-z0-9-]{0,63}(\/[a-z0-9][a-z0-9-]{0,63}){0,7}$/;

export function isObjectKey(key: string): boolean {
  return KEY.test(key);
}

/** Refuses any key the server did not shape (a programming error, never client input). */
export function checkedKey(key: string): string {
  if (!isObjectKey(key)) throw new RangeError(`invalid object key: ${JSON.stringify(key)}`);
  return key;
}

/** A fresh key under `prefix` (e.g. `activity/<merchant>`): a random UUID, no part of any file name. */
export function newObjectKey(prefix: string): string {
  return checkedKey(`${prefix}/${randomUUID()}`);
}
