import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  appendAddressSchema,
  changeTelSchema,
  changeUserInformationSchema,
  loginSchema,
  registrationSchema,
} from '@gacha/contract/user';
import { createTestApp, tableCounts, type ApiAnswer, type TestClient } from './helpers.ts';
import { UNSAFE_TEXTS } from './member-helpers.ts';
import { COUNTRIES, createMember, ensureCountries, ensurePrefectures, registration } from './factories.ts';

/**
 * Every POST of the user and session calls, fed input of every bad shape: never a 500, state 400 with field
 * errors (403 without the csrf pair), and nothing written.
 */

type Kind = 'text' | 'id' | 'flag';

interface RouteCase {
  path: string;
  auth: boolean;
  /** A payload one edit away from valid. It is never sent as it is. */
  valid: () => Record<string, unknown>;
  kinds: Record<string, Kind>;
  schema: z.ZodType;
}

const registrationKinds: Record<string, Kind> = {
  lastName: 'text',
  middleName: 'text',
  firstName: 'text',
  mail: 'text',
  pass: 'text',
  confirmPass: 'text',
  tel: 'text',
  zipcode: 'text',
  country: 'text',
  pref_id: 'id',
  shiku: 'text',
  address: 'text',
  building: 'text',
  referralCode: 'text',
  country_id: 'id',
};

const addressPayload = () => {
  const { tel, zipcode, country, pref_id, shiku, address, building, referralCode, country_id } = registration(
    {
      pref_id: 99,
    },
  );
  return { tel, zipcode, country, pref_id, shiku, address, building, referralCode, country_id };
};
const addressKinds = Object.fromEntries(Object.keys(addressPayload()).map((k) => [k, registrationKinds[k]!]));

const routes: RouteCase[] = [
  {
    path: '/user/login',
    auth: false,
    valid: () => ({ mail: 'someone@example.com', pass: 'secret123', save_cookie: '1' }),
    kinds: { mail: 'text', pass: 'text', save_cookie: 'flag' },
    schema: loginSchema,
  },
  ...['/user/confirm', '/user/confirmUser', '/user/append', '/user/appendUser'].map((path) => ({
    path,
    auth: false,
    valid: () => registration(),
    kinds: registrationKinds,
    schema: registrationSchema,
  })),
  {
    path: '/user/append_address',
    auth: true,
    valid: addressPayload,
    kinds: addressKinds,
    schema: appendAddressSchema,
  },
  ...['/user/changeUserInformation', '/user/change_user_information'].map((path) => ({
    path,
    auth: true,
    valid: () => ({ country_id: COUNTRIES.usa.id }),
    kinds: { country_id: 'id' as const },
    schema: changeUserInformationSchema,
  })),
  {
    path: '/user/change',
    auth: true,
    valid: () => ({ tel: '09012345678' }),
    kinds: { tel: 'text' },
    schema: changeTelSchema,
  },
];

const HUGE = 'a'.repeat(100_000);
const wrongValues: Record<Kind, unknown[]> = {
  text: [12345, 0, true, null, {}, [], ['a'], { a: 'b' }, HUGE, ...UNSAFE_TEXTS],
  id: [true, -1, 0, 1.5, 'abc', '1e3', ' 840', {}, [], [840], { id: 840 }, HUGE, 2 ** 53],
  flag: [1, true, null, {}, [], 'yes', HUGE],
};

interface BadCase {
  name: string;
  /** Raw form fields besides the csrf pair. */
  form: Record<string, string>;
  /** The field the answer must name in `errors`. */
  field?: string;
}

/** Error keys of the spec (§3) where they differ from the payload field. */
const wireName: Record<string, string> = { referralCode: 'referral_code', confirmPass: 'pass' };

function casesFor(route: RouteCase): BadCase[] {
  const json = (v: unknown) => ({ json: JSON.stringify(v) });
  const cases: BadCase[] = [
    { name: 'missing json', form: {} },
    { name: 'empty json', form: { json: '' } },
    { name: 'malformed json', form: { json: '{' } },
    { name: 'json array', form: json([route.valid()]) },
    { name: 'json null', form: { json: 'null' } },
    { name: 'json string', form: json('hello') },
    { name: 'json number', form: { json: '42' } },
    { name: 'empty object', form: json({}) },
    { name: 'unknown field', form: json({ ...route.valid(), is_admin: true }), field: 'is_admin' },
    {
      name: 'prototype pollution',
      form: { json: `{"__proto__":{"x":1},${JSON.stringify(route.valid()).slice(1)}` },
    },
    { name: 'huge json', form: { json: JSON.stringify({ ...route.valid(), pad: HUGE }) }, field: 'pad' },
  ];
  for (const [field, kind] of Object.entries(route.kinds)) {
    for (const value of wrongValues[kind]) {
      const shown =
        typeof value === 'string' && value.length > 20 ? `${value.length} chars` : JSON.stringify(value);
      cases.push({
        name: `${field} = ${shown}`,
        form: json({ ...route.valid(), [field]: value }),
        field: wireName[field] ?? field,
      });
    }
  }
  return cases;
}

describe('bad input on the user and session POSTs', async () => {
  const t = await createTestApp();
  await ensureCountries(t.db);
  await ensurePrefectures(t.db);
  const m = await createMember(t.db);
  const member = t.client();
  expect((await member.post('/user/login', { mail: m.mail, pass: m.pass })).body.state).toBe(200);
  const guest = t.client();
  await guest.get('/user/point');

  function expectRefused(res: ApiAnswer, state: number, label: string) {
    expect(res.httpStatus, label).toBeLessThan(500);
    expect(res.body.state, label).toBe(state);
    expect(typeof res.body.message, label).toBe('string');
    if (state === 400) expect(Object.keys(res.body.errors ?? {}).length, label).toBeGreaterThan(0);
  }

  it('starts every case from a payload the schema accepts (so each refusal is due to the one edit)', () => {
    for (const route of routes) expect(route.schema.safeParse(route.valid()).success, route.path).toBe(true);
  });

  for (const route of routes) {
    const client = (): TestClient => (route.auth ? member : guest);

    it(`${route.path}: refuses every bad shape with 400 (403 without csrf) and writes nothing`, async () => {
      const before = await tableCounts(t.db);
      const users = await t.db.selectFrom('users').selectAll().orderBy('id').execute();

      const noBody = await t.app.inject({ method: 'POST', url: `/api${route.path}` });
      expect(noBody.statusCode).toBe(403);
      expect(JSON.parse(noBody.body).state).toBe(403);
      const jsonBody = await t.app.inject({
        method: 'POST',
        url: `/api${route.path}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(route.valid()),
      });
      expect(JSON.parse(jsonBody.body).state).toBe(403);
      for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api${route.path}`,
          headers: { 'content-type': type },
          payload: 'hello',
        });
        expect(res.statusCode, type).toBeLessThan(500);
        expect([400, 403], type).toContain(JSON.parse(res.body).state);
      }

      for (const bad of casesFor(route)) {
        const res = await client().postForm(route.path, bad.form);
        expectRefused(res, 400, bad.name);
        if (bad.field) expect(Object.keys(res.body.errors), bad.name).toContain(bad.field);
        expectRefused(await client().postForm(route.path, bad.form, false), 403, `${bad.name} without csrf`);
      }
      expect(await tableCounts(t.db)).toEqual(before);
      expect(await t.db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(users);
    });
  }

  it('refuses a repeated json field with 400', async () => {
    const before = await tableCounts(t.db);
    const form = new URLSearchParams({ csrf_name: guest.csrf!.name, csrf_value: guest.csrf!.value });
    form.append('json', JSON.stringify(registration()));
    form.append('json', JSON.stringify(registration()));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/append',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: [...guest.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      payload: form.toString(),
    });
    expect(JSON.parse(res.body).state).toBe(400);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});
