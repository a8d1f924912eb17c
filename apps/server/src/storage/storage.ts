/**
 * Where uploaded files live (the board's images; later the catalogue's): files under the data directory
 * by default, an S3-compatible bucket when configured. Keys are the server's own (`posts/…/<random>.webp`); the
 * content type is fixed by the server when a file is stored, never taken from an upload.
 */
export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

/** A key the server makes: lower-case segments of letters, digits, '-', '_' and one '.' extension. */
export const STORAGE_KEY = /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.[a-z0-9]{2,5}$/;

export function assertKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error(`not a storage key: ${key}`);
}

/** The content type of a key's extension (the only types the server stores). */
export function contentTypeOf(key: string): string | null {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return ({ webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' } as Record<string, string>)[ext] ?? null;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}
