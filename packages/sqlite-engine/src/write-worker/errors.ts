/**
 * An error as it crosses from the write worker: its class name and own fields (a refusal's state and texts
 * survive the trip), rebuilt on the caller's side as an instance of the class registered under that name, so
 * `instanceof` holds there; an error of a class not registered comes back as an Error with its name, message
 * and code.
 */
export interface EncodedError {
  className: string;
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ErrorClass = abstract new (...args: any[]) => Error;

export function encodeError(err: unknown): EncodedError {
  const e = err instanceof Error ? err : new Error(String(err));
  let fields: Record<string, unknown> = {};
  try {
    fields = structuredClone({ ...e }); // own enumerable fields, when they are plain data
  } catch {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') fields = { code };
  }
  return { className: e.constructor.name, name: e.name, message: e.message, fields };
}

export function decodeError(encoded: EncodedError, classes: readonly ErrorClass[]): Error {
  const cls = classes.find((c) => c.name === encoded.className);
  const err: Error = cls ? Object.create(cls.prototype) : new Error(encoded.message);
  Object.assign(err, encoded.fields);
  Object.defineProperty(err, 'message', { value: encoded.message, writable: true, configurable: true });
  if (!cls || err.name !== encoded.name) err.name = encoded.name;
  return err;
}
