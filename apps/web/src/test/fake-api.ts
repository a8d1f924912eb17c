import { setCsrf, setFetch } from '../lib/api.ts';

/**
 * A fake server behind the API client's transport (lib/api.ts setFetch): each call is matched against the
 * handlers by method and path (after /api/), and answered with the handler's envelope (state 200 and a csrf
 * pair added unless given). A handler may answer a promise, to hold the answer back. Calls without a handler
 * are answered state 404. Every call is recorded with its payload (the `json` field of a POST).
 */
export interface Call {
  method: string;
  path: string;
  payload: unknown;
}

export type Handler = (call: Call) => object | Promise<object>;

export function fakeApi(handlers: Record<string, Handler | object>) {
  const calls: Call[] = [];
  setCsrf({ name: 'csrf', value: 'token' });
  setFetch(async (input, init) => {
    const method = init.method ?? 'GET';
    const path = input.replace(/^\/api\//, '');
    const body = typeof init.body === 'string' ? new URLSearchParams(init.body).get('json') : null;
    const call: Call = { method, path, payload: body === null ? undefined : JSON.parse(body) };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    const answer =
      handler === undefined
        ? { state: 404, message: 'not found' }
        : typeof handler === 'function'
          ? await (handler as Handler)(call)
          : handler;
    const envelope = { state: 200, csrf: { name: 'csrf', value: 'token' }, ...answer };
    return new Response(JSON.stringify(envelope), {
      status: envelope.state >= 200 && envelope.state < 300 ? 200 : envelope.state === 9999 ? 503 : 400,
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    calls,
    /** The calls made to one path ('POST user/pack/buy'). */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

/** A promise with its resolve at hand: an answer held back until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
