import { afterEach, describe, expect, it, vi } from 'vitest';
import { decisionResultSchema } from '@gacha/contract/draws';
import { emptyAnswerSchema } from '@gacha/contract/envelope-schema';
import { currentUserSchema } from '@gacha/contract/user';
import { deferred, fakeApi } from '../test/fake-api.ts';
import { defineRoute } from '@gacha/contract/route';
import {
  ApiAnswerError,
  call,
  type AnswerSchema,
  type CallOptions,
  ApiNetworkError,
  encodeForm,
  firstError,
  getActivity,
  getCsrf,
  setCsrf,
  setFetch,
  setMaintenanceHandler,
  unwrap,
} from './api.ts';

const empty = { answer: emptyAnswerSchema };

/** The transport under test, called as the apps call it: through a route of the path, answering the schema. */
function routeTo<S extends AnswerSchema>(
  method: 'GET' | 'POST',
  path: string,
  answer: CallOptions<S>['answer'],
) {
  return defineRoute({
    method,
    path: `/${path}`,
    access: 'guest',
    schemas: async () => ({ answer: (typeof answer === 'function' ? await answer() : answer) as never }),
  });
}
const api = {
  get: <S extends AnswerSchema>(path: string, opts: CallOptions<S>) =>
    call(routeTo('GET', path, opts.answer), {}, opts),
  post: <S extends AnswerSchema>(path: string, body: object, opts: CallOptions<S>) =>
    call(routeTo('POST', path, opts.answer), { body }, opts),
};

function answer(body: object, status = 200) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

afterEach(() => {
  setFetch((input, init) => fetch(input, init));
});

describe('encodeForm', () => {
  it('sends the csrf pair and the payload as a JSON string in `json`', () => {
    const body = encodeForm({ name: 'csrf123', value: 'v+/=&' }, { mail: 'a@b.jp', pass: 'p&ss word', n: 1 });
    const form = new URLSearchParams(body);
    expect(form.get('csrf_name')).toBe('csrf123');
    expect(form.get('csrf_value')).toBe('v+/=&');
    expect(JSON.parse(form.get('json')!)).toEqual({ mail: 'a@b.jp', pass: 'p&ss word', n: 1 });
    expect([...form.keys()]).toEqual(['csrf_name', 'csrf_value', 'json']);
  });

  it('encodes non-ASCII and reserved characters safely', () => {
    const body = encodeForm({ name: 'n', value: 'v' }, { lastName: '山田', note: 'a=b&c' });
    expect(body).not.toContain('山田');
    expect(JSON.parse(new URLSearchParams(body).get('json')!)).toEqual({ lastName: '山田', note: 'a=b&c' });
  });

  it('sends empty csrf fields when no pair is known, and {} for no payload', () => {
    const form = new URLSearchParams(encodeForm(null, undefined));
    expect(form.get('csrf_name')).toBe('');
    expect(form.get('json')).toBe('{}');
  });
});

describe('the client', () => {
  it('keeps the csrf pair of every answer and sends it with the next POST', async () => {
    const seen: RequestInit[] = [];
    setFetch((_url, init) => {
      seen.push(init);
      return answer({ state: 200, csrf: { name: 'n2', value: 'v2' } });
    });
    setCsrf({ name: 'n1', value: 'v1' });
    await api.post('user/login', { mail: 'x' }, empty);
    expect(new URLSearchParams(seen[0]!.body as string).get('csrf_value')).toBe('v1');
    expect(seen[0]!.headers).toMatchObject({
      'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
    });
    expect(getCsrf()).toEqual({ name: 'n2', value: 'v2' });
    await api.post('user/logout', {}, empty);
    expect(new URLSearchParams(seen[1]!.body as string).get('csrf_value')).toBe('v2');
  });

  it('reads the body of 4xx answers', async () => {
    setFetch(() =>
      answer({ state: 400, csrf: { name: 'n', value: 'v' }, errors: { mail: ['bad', 'worse'] } }, 400),
    );
    const res = await api.post('user/login', {}, { answer: currentUserSchema });
    expect(res.state).toBe(400);
    expect(firstError(res.errors, 'mail')).toBe('bad');
    expect(firstError(res.errors, 'pass')).toBeUndefined();
    expect(() => unwrap(res)).toThrow();
  });

  it('counts the requests under way for the overlay, background ones excepted; POSTs may overlap', async () => {
    const releases: Array<() => void> = [];
    setFetch(
      () =>
        new Promise<Response>((resolve) => {
          releases.push(() => void answer({ state: 200, csrf: { name: 'n', value: 'v' } }).then(resolve));
        }),
    );
    setCsrf({ name: 'n', value: 'v' });
    const first = api.post('user/pack/decision', {}, empty);
    const second = api.post('user/history/list/1', {}, empty);
    const quiet = api.get('user/point', { ...empty, background: true });
    expect(getActivity()).toBe(2);
    await Promise.resolve();
    expect(releases).toHaveLength(3); // none of them waits for another
    releases.forEach((release) => release());
    await Promise.all([first, second, quiet]);
    expect(getActivity()).toBe(0);
  });

  it('retries a POST once after a stale csrf (403), with the fresh pair', async () => {
    const bodies: string[] = [];
    let calls = 0;
    setFetch((_u, init) => {
      bodies.push(init.body as string);
      calls++;
      return calls === 1
        ? answer({ state: 403, code: 'csrf', message: 'csrf', csrf: { name: 'n', value: 'fresh' } }, 403)
        : answer({ state: 200, csrf: { name: 'n', value: 'next' } });
    });
    setCsrf({ name: 'n', value: 'stale' });
    const res = await api.post('user/confirm', { a: 1 }, empty);
    expect(res.state).toBe(200);
    expect(bodies.map((b) => new URLSearchParams(b).get('csrf_value'))).toEqual(['stale', 'fresh']);
  });

  it('does not send again a 403 that is no csrf refusal (it may have been decided)', async () => {
    let calls = 0;
    setFetch(() => {
      calls++;
      return answer({ state: 403, code: 'forbidden', csrf: { name: 'n', value: 'fresh' } }, 403);
    });
    setCsrf({ name: 'n', value: 'stale' });
    const res = await api.post('user/confirm', { a: 1 }, empty);
    expect(res.state).toBe(403);
    expect(calls).toBe(1);
  });

  it('sends state 9999 to the maintenance handler', async () => {
    const handler = vi.fn();
    setMaintenanceHandler(handler);
    setFetch(() => answer({ state: 9999, csrf: { name: 'n', value: 'v' } }, 503));
    const res = await api.get('user/point', empty);
    expect(res.state).toBe(9999);
    expect(handler).toHaveBeenCalledOnce();
  });
});

describe("answers parsed with the route's schema", () => {
  const member = {
    is_login: '1',
    point: 1200,
    coin: 3.5,
    coin_tenths: 35,
    rank: 2,
    rank_name: 'Bronze',
    lang: 'en',
  } as const;
  const csrf = { name: 'csrf', value: 'token' };

  it('a success answer that fits comes back with only the fields the contract names, plus state and csrf', async () => {
    fakeApi({ 'GET user/point': { ...member, password_hash: 'x', internal: { a: 1 } } });
    const res = await api.get('user/point', { answer: currentUserSchema });
    expect(res).toEqual({ ...member, state: 200, csrf });
    expect(unwrap(res)).toEqual(member);
  });

  it('a success answer that does not fit fails the call like a network error, logged in development', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      fakeApi({ 'GET user/point': { ...member, point: '1200' } });
      const call = api.get('user/point', { answer: currentUserSchema });
      await expect(call).rejects.toBeInstanceOf(ApiAnswerError);
      await expect(call).rejects.toBeInstanceOf(ApiNetworkError);
      await expect(call).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ['point'] })] });
      expect(log).toHaveBeenCalledOnce();
      expect(String(log.mock.calls[0]![0])).toContain('GET /user/point');

      fakeApi({ 'POST user/login': { is_login: '1' } }); // fields missing
      await expect(api.post('user/login', {}, { answer: currentUserSchema })).rejects.toBeInstanceOf(
        ApiAnswerError,
      );
      expect(getActivity()).toBe(0);
    } finally {
      log.mockRestore();
    }
  });

  it('a success answer without its csrf pair does not fit', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      setFetch(() => answer({ state: 200, ...member }));
      await expect(api.get('user/point', { answer: currentUserSchema })).rejects.toBeInstanceOf(
        ApiAnswerError,
      );
    } finally {
      log.mockRestore();
    }
  });

  it('state 204 ("nothing to do") is a success answer and is parsed too', async () => {
    const done = { result: '-1', shipped: 0, converted: 0, gems: 0 } as const;
    fakeApi({ 'POST user/pack/decision': { state: 204, ...done, extra: true } });
    const res = await api.post('user/pack/decision', {}, { answer: decisionResultSchema });
    expect(res).toEqual({ state: 204, csrf, ...done });
  });

  it('a refusal is handed over as received, whatever the schema says', async () => {
    const refusal = {
      state: 400,
      errors: { count: ['You do not have enough gems.'] },
      reason: 'not_enough_gems',
      extra: 'kept',
    };
    fakeApi({ 'POST user/pack/check': refusal });
    const res = await api.post('user/pack/check', {}, { answer: currentUserSchema });
    expect(res).toEqual({ ...refusal, csrf });
    expect(() => unwrap(res)).toThrow('You do not have enough gems.'); // the refusal's own words
  });

  it('a lazy schema loads while the request is under way, and parses the answer the same way', async () => {
    const held = deferred<object>();
    fakeApi({ 'GET user/point': () => held.promise });
    const loader = vi.fn(() => import('@gacha/contract/user').then((m) => m.currentUserSchema));
    const call = api.get('user/point', { answer: loader });
    await vi.waitFor(() => expect(loader).toHaveBeenCalledOnce()); // the answer is still held back
    held.resolve({ ...member, extra: 1 });
    expect(unwrap(await call)).toEqual(member);
    expect(loader).toHaveBeenCalledOnce();
  });

  it('a lazy schema that fails to load fails a success answer, but not a refusal', async () => {
    const broken = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    fakeApi({ 'GET user/point': member, 'GET user/detail': { state: 401 } });
    await expect(api.get('user/point', { answer: broken })).rejects.toThrow('dynamically imported');
    expect((await api.get('user/detail', { answer: broken })).state).toBe(401);
  });
});
