import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertKey, contentTypeOf, type FileStorage } from './storage.ts';

/** Files under a directory (the default: data/uploads). A file is written whole or not at all (temp + rename). */
export function localStorage(dir: string): FileStorage {
  const path = (key: string) => {
    assertKey(key);
    return join(dir, key);
  };
  return {
    async put(key, body) {
      const file = path(key);
      await mkdir(dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, file);
    },
    async get(key) {
      try {
        return {
          body: await readFile(path(key)),
          contentType: contentTypeOf(key) ?? 'application/octet-stream',
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(path(key), { force: true });
    },
  };
}
