import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { checkedKey, type ObjectStore } from './storage.ts';

/**
 * Objects as files under `root` (DATA_DIR/objects by default): the key is the relative path, so it is
 * checked (`checkedKey`) and the resolved path must stay inside the root. Writes go to a temporary
 * file first and are renamed into place, so a reader never sees half an object.
 */
export function createLocalStore(root: string): ObjectStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(join(base, checkedKey(key)));
    if (!path.startsWith(base + sep)) throw new RangeError('object key escapes the store');
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.part`;
      await writeFile(temporary, bytes, { mode: 0o600 });
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
