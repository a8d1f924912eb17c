import { ApiError } from '../../http/api-error.ts';

/** An error as it crosses from the write worker: a refusal keeps its answer, anything else its message. */
export type EncodedError =
  | { kind: 'api'; state: number; opts: ApiError['opts'] }
  | { kind: 'error'; name: string; message: string; code?: string };

export function encodeError(err: unknown): EncodedError {
  if (err instanceof ApiError) return { kind: 'api', state: err.state, opts: err.opts };
  const e = err instanceof Error ? err : new Error(String(err));
  const code = (e as { code?: unknown }).code;
  return { kind: 'error', name: e.name, message: e.message, ...(typeof code === 'string' ? { code } : {}) };
}

export function decodeError(encoded: EncodedError): Error {
  if (encoded.kind === 'api') return new ApiError(encoded.state, encoded.opts);
  const err = new Error(encoded.message) as Error & { code?: string };
  err.name = encoded.name;
  if (encoded.code) err.code = encoded.code;
  return err;
}
