import { describe, expect, it } from 'vitest';
import { createTestApp, tableCounts } from './helpers.ts';

describe('the API envelope', async () => {
  const t = await createTestApp();

  it('names every answer with its request id, keeping a well-formed X-Request-Id from a proxy', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/api/user/point' });
    expect(String(own.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/user/point',
      headers: { 'x-request-id': 'edge-42.abc' },
    });
    expect(given.headers['x-request-id']).toBe('edge-42.abc');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/user/point',
      headers: { 'x-request-id': 'a\nfake log line' },
    });
    expect(String(forged.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers GET /healthz', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
  });

  it('gives every API answer a csrf pair, also for unknown paths', async () => {
    const c = t.client();
    const res = await c.get('/no/such/route');
    expect(res.body.state).toBe(404);
    expect(res.httpStatus).toBe(404);
    expect(res.body.csrf.name).toMatch(/^csrf/);
    expect(res.body.csrf.value.length).toBeGreaterThan(20);
  });

  it('refuses a POST without a valid csrf pair with state 403 and writes nothing', async () => {
    const c = t.client();
    await c.get('/user/point');
    const before = await tableCounts(t.db);
    const noPair = await c.postForm('/user/login', { json: '{"mail":"a@b.c","pass":"x"}' }, false);
    expect(noPair.body.state).toBe(403);
    const wrong = await c.postForm(
      '/user/login',
      {
        csrf_name: c.csrf!.name,
        csrf_value: 'forged',
        json: '{"mail":"a@b.c","pass":"x"}',
      },
      false,
    );
    expect(wrong.body.state).toBe(403);
    const other = t.client();
    await other.get('/user/point');
    const stolen = await c.postForm(
      '/user/login',
      {
        csrf_name: other.csrf!.name,
        csrf_value: other.csrf!.value,
        json: '{"mail":"a@b.c","pass":"x"}',
      },
      false,
    );
    expect(stolen.body.state).toBe(403);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('shows the maintenance state 9999 when the shop is in maintenance', async () => {
    const m = await createTestApp({ maintenance: true });
    const res = await m.client().get('/user/point');
    expect(res.body.state).toBe(9999);
    expect(res.httpStatus).toBe(503);
    expect(res.body.code).toBe('maintenance');
  });

  it('names every refusal by its catalogue key: the same code in English and Japanese, beside the text', async () => {
    const answers = [];
    for (const lang of ['en', 'ja'] as const) {
      const c = t.client({ lang });
      await c.get('/user/point');
      const bad = await c.post('/user/login', { pass: 7 });
      expect(bad.body.state).toBe(400);
      answers.push(bad.body);
      const csrf = await c.postForm('/user/login', { json: '{}' }, false);
      expect(csrf.body).toMatchObject({ state: 403, code: 'csrf' });
      expect((await c.get('/no/such/route')).body).toMatchObject({ state: 404, code: 'not_found' });
      expect((await c.get('/user/detail')).body).toMatchObject({ state: 401, code: 'not_logged_in' });
    }
    const [en, ja] = answers;
    expect(en.error_codes).toEqual(ja.error_codes);
    expect(en.error_codes).toEqual({ mail: 'required', pass: 'invalid' });
    expect(en.code).toBe(ja.code);
    expect(en.code).toBe(Object.values(en.error_codes)[0]);
    expect(en.message).toBe(en.errors.mail[0]);
    expect(en.message).not.toBe(ja.message);
  });
});
