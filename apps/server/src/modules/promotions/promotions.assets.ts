import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The demo promotions' cover pictures, shipped beside this file instead of written to the object
 * store: seeding writes no files (every test server seeds the demo merchant), and a development
 * data folder holds only what operators uploaded. A picture row whose storage key is
 * `asset/<name>` is read from here; every other key from the object store.
 */
export const ASSET_COVERS = ['welcome', 'share', 'draw', 'bonus'] as const;
export type AssetCover = (typeof ASSET_COVERS)[number];

/** The folder beside this file (from the server bundle: the sources' folder). */
const ASSETS =
  [new URL('./assets/', import.meta.url), new URL('../src/modules/promotions/assets/', import.meta.url)]
    .map((u) => fileURLToPath(u))
    .find((dir) => existsSync(join(dir, 'welcome.jpg'))) ??
  fileURLToPath(new URL('./assets/', import.meta.url));

export const assetKey = (name: AssetCover) => `asset/${name}`;

/** The bytes of a shipped cover by its storage key, or null when the key is not one of them. */
export function readAsset(storageKey: string): Buffer | null {
  const name = storageKey.startsWith('asset/') ? storageKey.slice('asset/'.length) : null;
  if (!name || !(ASSET_COVERS as readonly string[]).includes(name)) return null;
  return readFileSync(join(ASSETS, `${name}.jpg`));
}
