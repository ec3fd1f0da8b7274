import { join } from 'node:path';
import type { Config } from '../config/config.ts';
import { createLocalStore } from './local.ts';
import { createS3Store } from './s3.ts';
import type { ObjectStore } from './storage.ts';

export { createLocalStore } from './local.ts';
export { createS3Store } from './s3.ts';
export { checkedKey, isObjectKey, newObjectKey, type ObjectStore } from './storage.ts';

const stores = new WeakMap<Config, ObjectStore>();

/**
 * The configured object store, one per configuration: a folder `DATA_DIR/objects` by default, an
 * S3-compatible bucket with STORAGE_DRIVER=s3 (S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID,
 * S3_SECRET_ACCESS_KEY — the configuration refuses to start without them).
 */
export function objectStoreFor(config: Config): ObjectStore {
  let store = stores.get(config);
  if (!store) {
    store =
      config.STORAGE_DRIVER === 's3'
        ? createS3Store({
            endpoint: config.S3_ENDPOINT ?? '',
            bucket: config.S3_BUCKET ?? '',
            region: config.S3_REGION,
            accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
          })
        : createLocalStore(join(config.DATA_DIR, 'objects'));
    stores.set(config, store);
  }
  return store;
}
