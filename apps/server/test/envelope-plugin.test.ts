import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { message } from '@gacha/contract/messages';
import { pageDigits, pathId } from '@gacha/contract/path';
import { envelope, memberOf, okResponse, type ApiPlugin, type ApiRoute } from '../src/http/envelope.ts';
import { createSessions } from '../src/http/session.ts';
import { freshDb, TestClient } from './helpers.ts';

/**
 * The envelope plugin (http/envelope.ts) on routes of its own: the order of its checks, the response schemas,
 * the path and query rule. The shop's routes are walked by hardening.test.ts and bad-input.test.ts.
 */
describe('the envelope plugin', async () => {
  const db = await freshDb();
  const sessions = createSessions({
    db,
    secret: 's'.repeat(40),
    cookieSecure: false,
    saveLang: async () => {},
  });
  let answer: unknown = {};
  const logged: unknown[] = [];
  const routes: ApiRoute[] = [];

  const probe: ApiPlugin = async (app) => {
    const item = z.object({ id: z.number().int(), name: z.string() });
    app.get(
      '/answer',
      { schema: { response: okResponse(item) } },
      async () => answer as z.input<typeof item>,
    );
    app.get(
      '/packs/:packId/:page',
      {
        schema: {
          params: z.object({ packId: pathId('pack_not_found'), page: pageDigits }),
          response: okResponse(z.object({ packId: z.number(), page: z.string().optional() })),
        },
      },
      async (req) => req.params,
    );
    app.post(
      '/write',
      {
        schema: { body: z.object({ referralCode: z.string().max(4) }).strict(), response: okResponse(item) },
        config: { auth: true, errorFields: { referralCode: 'referral_code' } },
      },
      async (req) => ({ id: memberOf(req).id, name: req.body.referralCode }),
    );
  };

  const app = Fastify({
    logger: { level: 'error', stream: { write: (l: string) => void logged.push(JSON.parse(l)) } },
  });
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('csrfBinding', '');
  app.decorateRequest('lang', 'en');
  await app.register(
    async (api) => {
      await api.register(envelope, { sessions, config: { maintenance: false }, routes });
      await api.register(probe);
    },
    { prefix: '/api' },
  );
  await app.ready();
  afterAll(() => app.close());
  const guest = new TestClient(app, { lang: 'ja' });
  await guest.get('/answer');

  it('adds state and csrf to an answer, and sends only the fields its schema names', async () => {
    answer = { id: 7, name: 'x', secret_hash: 'do not send' };
    const res = await guest.get('/answer');
    expect(res.body).toEqual({ id: 7, name: 'x', state: 200, csrf: guest.csrf });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 500 in the member’s language, and logs, when an answer does not fit its schema', async () => {
    answer = { id: 'seven', name: 'x' };
    const res = await guest.get('/answer');
    expect(res.httpStatus).toBe(500);
    expect(res.body).toMatchObject({
      state: 500,
      message: message('server_error', 'ja'),
    });
    expect(JSON.stringify(res.body)).not.toContain('seven');
    expect(logged.length).toBeGreaterThan(0);
  });

  it('a path that names nothing is a 404 with its key; a page that is no number a 400 under its name', async () => {
    expect((await guest.get('/packs/12/3')).body).toMatchObject({ state: 200, packId: 12, page: '3' });
    const none = await new TestClient(app).get('/packs/abc/1');
    expect(none.body).toMatchObject({ state: 404, message: 'This pack does not exist.' });
    const page = await new TestClient(app).get('/packs/12/x');
    expect(page.body.state).toBe(400);
    expect(Object.keys(page.body.errors)).toEqual(['page']);
  });

  it('checks a POST in order: csrf, JSON, unsafe text, the schema, then the member', async () => {
    const form = (json: string, csrf = guest.csrf!) => ({
      csrf_name: csrf.name,
      csrf_value: csrf.value,
      json,
    });
    const states = async (f: Record<string, string>) => (await guest.postForm('/write', f)).body;
    expect((await states(form('{', { name: 'x', value: 'y' }))).state).toBe(403);
    expect((await states(form('{'))).errors).toEqual({ json: [expect.any(String)] });
    expect((await states(form('{"referralCode":"a\\u0000"}'))).errors).toEqual({
      referral_code: [expect.stringContaining('制御文字')],
    });
    expect((await states(form('{"referralCode":"toolong"}'))).errors).toEqual({
      referral_code: [expect.any(String)],
    });
    expect((await states(form('{"other":1,"referralCode":"ok"}'))).errors).toHaveProperty('other');
    expect((await states(form('{"referralCode":"ok"}'))).state).toBe(401);
  });

  it('lists its routes for the tests that walk them all', () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/api/answer', auth: false },
        { method: 'POST', url: '/api/write', auth: true },
      ]),
    );
  });
});
