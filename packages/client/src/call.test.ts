import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@gacha/contract/route';
import { createApiClient } from './api.ts';

const csrf = { name: 'n', value: 'v' };
const answer = z.object({ id: z.number(), label: z.string() });
const thingRoute = defineRoute({
  method: 'POST',
  path: '/admin/things/:id/rename',
  access: 'staff:catalogue.write',
  schemas: async () => ({
    params: z.object({ id: z.string() }),
    body: z.object({ label: z.string() }),
    answer,
  }),
});
const listRoute = defineRoute({
  method: 'GET',
  path: '/user/things',
  access: 'guest',
  schemas: async () => ({
    query: z.object({ q: z.string().optional(), page: z.string().optional() }),
    answer,
  }),
});

function client(reply: (url: string, init: RequestInit) => object) {
  const sent: { url: string; init: RequestInit }[] = [];
  const c = createApiClient({ csrfSource: 'user/point' });
  c.setCsrf(csrf);
  c.setFetch(async (url, init) => {
    sent.push({ url, init });
    return new Response(JSON.stringify({ csrf, ...reply(url, init) }), { status: 200 });
  });
  return { ...c, sent };
}

describe('call: a route of the contract', () => {
  it('fills the path, sends the body in the envelope and parses the answer with the route’s schema', async () => {
    const c = client(() => ({ state: 200, id: 3, label: 'new', extra: 'dropped' }));
    const res = await c.call(thingRoute, { params: { id: 3 }, body: { label: 'new' } });
    expect(c.sent[0]!.url).toBe('/api/admin/things/3/rename');
    expect(c.sent[0]!.init.method).toBe('POST');
    const form = new URLSearchParams(c.sent[0]!.init.body as string);
    expect(JSON.parse(form.get('json')!)).toEqual({ label: 'new' });
    expect(form.get('csrf_value')).toBe('v');
    expect(res).toEqual({ state: 200, id: 3, label: 'new', csrf });
  });

  it('writes a GET’s query, leaving out what is empty', async () => {
    const c = client(() => ({ state: 200, id: 1, label: 'x' }));
    await c.call(listRoute, { query: { q: 'a&b', page: '' } });
    await c.call(listRoute, {});
    expect(c.sent.map((s) => s.url)).toEqual(['/api/user/things?q=a%26b', '/api/user/things']);
    expect(c.sent[0]!.init.body).toBeUndefined();
  });

  it('hands a refusal over as received, and fails an answer that does not fit', async () => {
    const refused = client(() => ({ state: 400, code: 'required', errors: { label: ['Required.'] } }));
    const res = await refused.call(thingRoute, { params: { id: 1 }, body: {} });
    expect(res.state).toBe(400);
    expect(res).toMatchObject({ code: 'required' });
    const wrong = client(() => ({ state: 200, id: 'three' }));
    await expect(wrong.call(thingRoute, { params: { id: 1 }, body: { label: 'x' } })).rejects.toThrow(
      'does not fit its schema',
    );
  });
});
