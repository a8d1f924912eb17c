import type { StorageConfig } from '../config.ts';
import { localStorage } from './local.ts';
import { s3Storage } from './s3.ts';
import type { FileStorage } from './storage.ts';

/** The storage the configuration names: an S3-compatible bucket, or files under the data directory. */
export function storageFor(config: StorageConfig): FileStorage {
  return config.kind === 's3' ? s3Storage(config) : localStorage(config.dir);
}
