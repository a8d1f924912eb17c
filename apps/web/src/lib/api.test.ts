import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  encodeForm,
  firstError,
  getActivity,
  getCsrf,
  setCsrf,
  setFetch,
  setMaintenanceHandler,
  unwrap,
} from './api.ts';

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
    await api.post('user/login', { mail: 'x' });
    expect(new URLSearchParams(seen[0]!.body as string).get('csrf_value')).toBe('v1');
    expect(seen[0]!.headers).toMatchObject({
      'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
    });
    expect(getCsrf()).toEqual({ name: 'n2', value: 'v2' });
    await api.post('user/logout', {});
    expect(new URLSearchParams(seen[1]!.body as string).get('csrf_value')).toBe('v2');
  });

  it('reads the body of 4xx answers', async () => {
    setFetch(() =>
      answer({ state: 400, csrf: { name: 'n', value: 'v' }, errors: { mail: ['bad', 'worse'] } }, 400),
    );
    const res = await api.post('user/login', {});
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
    const first = api.post('user/pack/decision', {});
    const second = api.post('user/history/list/1', {});
    const quiet = api.get('user/point', { background: true });
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
        ? answer({ state: 403, csrf: { name: 'n', value: 'fresh' } }, 403)
        : answer({ state: 200, csrf: { name: 'n', value: 'next' } });
    });
    setCsrf({ name: 'n', value: 'stale' });
    const res = await api.post('user/confirm', { a: 1 });
    expect(res.state).toBe(200);
    expect(bodies.map((b) => new URLSearchParams(b).get('csrf_value'))).toEqual(['stale', 'fresh']);
  });

  it('sends state 9999 to the maintenance handler', async () => {
    const handler = vi.fn();
    setMaintenanceHandler(handler);
    setFetch(() => answer({ state: 9999, csrf: { name: 'n', value: 'v' } }, 503));
    const res = await api.get('user/point');
    expect(res.state).toBe(9999);
    expect(handler).toHaveBeenCalledOnce();
  });
});
