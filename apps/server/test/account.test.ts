import { describe, expect, it } from 'vitest';
import { JAPAN_COUNTRY_ID, OVERSEAS_PREF_ID } from '@gacha/contract/user';
import { verifyPassword } from '../src/modules/auth/password.ts';
import { createTestApp, tableCounts, uniqueMail, type TestClient } from './helpers.ts';
import { COUNTRIES, createMember, ensureCountries, ensurePrefectures, registration } from './factories.ts';

const ALREADY_REGISTERED = 'This account is already registered. Please log in and enjoy.';

// One app per file: on PostgreSQL a second migrated schema in one run trips Kysely's migrator (see report).
const t = await createTestApp();
await ensureCountries(t.db);
await ensurePrefectures(t.db);

describe('registration', () => {
  const japan = (o: Record<string, unknown> = {}) =>
    registration({ country_id: JAPAN_COUNTRY_ID, zipcode: '1000001', pref_id: 13, country: 'Tokyo', ...o });
  const userByMail = (mail: string) =>
    t.db.selectFrom('users').selectAll().where('mail', '=', mail.trim().toLowerCase()).executeTakeFirst();

  describe('POST /user/confirm (also confirmUser)', () => {
    it.each(['/user/confirm', '/user/confirmUser'])(
      '%s accepts valid input and writes nothing',
      async (path) => {
        const before = await tableCounts(t.db);
        const res = await t.client().post(path, registration());
        expect(res.body).toMatchObject({ state: 200 });
        expect(await tableCounts(t.db)).toEqual(before);
      },
    );

    it('accepts a Japanese address and a string country id from a select', async () => {
      const res = await t
        .client()
        .post('/user/confirm', japan({ country_id: String(JAPAN_COUNTRY_ID), pref_id: '47' }));
      expect(res.body.state).toBe(200);
    });

    it('accepts a registration without a country (the address comes with the first shipment)', async () => {
      const res = await t.client().post('/user/confirm', {
        lastName: 'A',
        firstName: 'B',
        mail: uniqueMail(),
        pass: 'secret123',
        confirmPass: 'secret123',
      });
      expect(res.body.state).toBe(200);
    });

    it('refuses a confirmation that does not match, under errors.pass', async () => {
      const res = await t.client().post('/user/confirm', registration({ confirmPass: 'other123' }));
      expect(res.body.state).toBe(400);
      expect(res.body.errors.pass[0]).toBe('Does not match password confirmation');
    });

    it('reports schema errors under the spec field names', async () => {
      const res = await t
        .client()
        .post('/user/confirm', registration({ lastName: '', mail: 'nope', pass: '12' }));
      expect(res.body.state).toBe(400);
      expect(res.body.errors).toMatchObject({
        lastName: ['This field is required.'],
        mail: ['Please enter a valid email address.'],
        pass: ['Please use 6 to 20 half-width letters, numbers or symbols.'],
      });
      const confirm = await t.client().post('/user/confirm', registration({ confirmPass: 'x'.repeat(101) }));
      expect(Object.keys(confirm.body.errors)).toEqual(['pass']);
    });

    it('checks the referral code: unknown is refused under errors.referral_code, a real one (any case) passes', async () => {
      const bad = await t.client().post('/user/confirm', registration({ referralCode: 'ZZZZZZZZ' }));
      expect(bad.body.state).toBe(400);
      expect(bad.body.errors.referral_code[0]).toBe('This referral code does not exist.');
      const referrer = await createMember(t.db);
      const ok = await t
        .client()
        .post('/user/confirm', registration({ referralCode: referrer.referralCode.toLowerCase() }));
      expect(ok.body.state).toBe(200);
    });

    it('refuses an unknown country', async () => {
      const res = await t.client().post('/user/confirm', registration({ country_id: 999_999 }));
      expect(res.body.errors.country_id[0]).toBe('Please choose a country.');
    });

    it('needs a 7-digit zip code and a prefecture 1–47 in Japan', async () => {
      for (const zipcode of ['', '123456', '12345678', '123-45678', 'ABCDEFG']) {
        const res = await t.client().post('/user/confirm', japan({ zipcode }));
        expect(res.body.errors?.zipcode, zipcode).toBeTruthy();
      }
      for (const pref_id of [undefined, '', 0, 48, OVERSEAS_PREF_ID]) {
        const res = await t.client().post('/user/confirm', japan({ pref_id }));
        expect(res.body.state, String(pref_id)).toBe(400);
        expect(res.body.errors.pref_id, String(pref_id)).toBeTruthy();
      }
    });

    it('accepts a Japanese zip code typed with a hyphen or in full width', async () => {
      for (const zipcode of ['150-0001', '１５０－０００１', '150ー0001', ' 150 0001 ']) {
        const res = await t.client().post('/user/confirm', japan({ zipcode }));
        expect(res.body.state, zipcode).toBe(200);
      }
    });

    it('reports every rule it breaks at once', async () => {
      const res = await t
        .client()
        .post(
          '/user/confirm',
          japan({ confirmPass: 'different', referralCode: 'NOPE', zipcode: '12345', pref_id: 48 }),
        );
      expect(Object.keys(res.body.errors).sort()).toEqual(['pass', 'pref_id', 'referral_code', 'zipcode']);
    });

    it('answers 999 with the spec text when the mail is registered, whatever its case', async () => {
      const m = await createMember(t.db);
      const res = await t.client().post('/user/confirm', registration({ mail: ` ${m.mail.toUpperCase()}` }));
      expect(res.body.state).toBe(999);
      expect(res.body.message).toBe(ALREADY_REGISTERED);
    });

    it('answers in Japanese for a ja client', async () => {
      const res = await t
        .client({ lang: 'ja' })
        .post('/user/confirm', registration({ confirmPass: 'nope1234' }));
      expect(res.body.errors.pass[0]).toBe('パスワード（確認）と一致しません');
    });
  });

  describe('POST /user/append (also appendUser)', () => {
    it.each(['/user/append', '/user/appendUser'])('%s creates the member and logs them in', async (path) => {
      const referrer = await createMember(t.db);
      const c = t.client();
      const mail = uniqueMail('New.Member');
      const res = await c.post(
        path,
        registration({ mail: `  ${mail} `, referralCode: referrer.referralCode }),
      );
      expect(res.body).toMatchObject({ state: 200, is_login: '1', point: 0 });
      expect((await c.get('/user/point')).body.is_login).toBe('1');
      expect((await c.get('/user/detail')).body.mail).toBe(mail.toLowerCase());

      const row = (await userByMail(mail))!;
      expect(row).toMatchObject({
        mail: mail.toLowerCase(),
        last_name: 'Yamada',
        first_name: 'Taro',
        country_id: COUNTRIES.usa.id,
        pref_id: OVERSEAS_PREF_ID,
        pref_text: 'CA',
        referred_by: referrer.id,
        lang: 'en',
        end_sms: 0,
        created_at: t.clock.now().toISOString(),
      });
      expect(row.referral_code).toMatch(/^[A-Z2-7]{8}$/);
      expect(row.pass_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row.pass_hash!, 'secret123')).toBe(true);

      const again = t.client();
      expect((await again.post('/user/login', { mail, pass: 'secret123' })).body.state).toBe(200);
    });

    it('forces the overseas prefecture 99 outside Japan, and keeps the prefecture in Japan', async () => {
      const abroad = registration({ pref_id: 13 });
      await t.client().post('/user/append', abroad);
      expect((await userByMail(abroad.mail as string))!.pref_id).toBe(OVERSEAS_PREF_ID);
      const home = japan({ pref_id: '13' });
      await t.client().post('/user/append', home);
      expect(await userByMail(home.mail as string)).toMatchObject({
        country_id: JAPAN_COUNTRY_ID,
        pref_id: 13,
      });
    });

    it('stores a Japanese zip code as 7 digits however it was typed, and keeps an overseas one as typed', async () => {
      for (const zipcode of ['150-0001', '１５０－０００１']) {
        const home = japan({ zipcode });
        expect((await t.client().post('/user/append', home)).body.state, zipcode).toBe(200);
        expect((await userByMail(home.mail as string))!.zipcode, zipcode).toBe('1500001');
      }
      const abroad = registration({ zipcode: ' 94105-1234 ' });
      expect((await t.client().post('/user/append', abroad)).body.state).toBe(200);
      expect((await userByMail(abroad.mail as string))!.zipcode).toBe('94105-1234');
    });

    it('stores the language the member registered in', async () => {
      const reg = registration();
      await t.client({ lang: 'ja' }).post('/user/append', reg);
      expect((await userByMail(reg.mail as string))!.lang).toBe('ja');
    });

    it('refuses a registered mail with 999 and writes nothing', async () => {
      const m = await createMember(t.db);
      const before = await tableCounts(t.db);
      const res = await t.client().post('/user/append', registration({ mail: m.mail.toUpperCase() }));
      expect(res.body.state).toBe(999);
      expect(res.httpStatus).toBe(409);
      expect(res.body.message).toBe(ALREADY_REGISTERED);
      expect(await tableCounts(t.db)).toEqual(before);
    });

    it('writes nothing when a rule fails', async () => {
      const before = await tableCounts(t.db);
      const res = await t.client().post('/user/append', japan({ zipcode: '12' }));
      expect(res.body.state).toBe(400);
      expect(await tableCounts(t.db)).toEqual(before);
    });

    it('gives one account to concurrent registrations of one mail; the others get 999', async () => {
      const mail = uniqueMail('race');
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          t.client().post('/user/append', registration({ mail: i % 2 ? mail.toUpperCase() : mail })),
        ),
      );
      const states = results.map((r) => r.body.state).sort();
      expect(states).toEqual([200, 999, 999, 999]);
      const rows = await t.db.selectFrom('users').select('id').where('mail', '=', mail).execute();
      expect(rows).toHaveLength(1);
    });

    it('flags the browser as just registered until the completion page clears it', async () => {
      const c = t.client();
      expect((await c.get('/user/has_register')).body).toMatchObject({ state: 200, is_user_register: '0' });
      const res = await c.post('/user/append', registration());
      const cookie = ([] as string[])
        .concat(res.headers['set-cookie'] as string[])
        .find((s) => s.startsWith('just_registered='));
      expect(cookie).toMatch(/HttpOnly/i);
      expect((await c.get('/user/has_register')).body.is_user_register).toBe('1');
      expect((await c.get('/user/delete_is_user_register')).body.state).toBe(200);
      expect((await c.get('/user/has_register')).body.is_user_register).toBe('0');
      expect((await t.client().get('/user/has_register')).body.is_user_register).toBe('0');
    });
  });
});

describe('address, country and phone', () => {
  async function member(overrides: Parameters<typeof createMember>[1] = {}) {
    const m = await createMember(t.db, overrides);
    const c = t.client();
    const res = await c.post('/user/login', { mail: m.mail, pass: m.pass });
    expect(res.body.state).toBe(200);
    return { m, c };
  }
  const row = (id: number) =>
    t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const address = (o: Record<string, unknown> = {}) => ({
    tel: '+1 415 555 0100',
    zipcode: '94105',
    country: 'CA',
    shiku: 'San Francisco',
    address: '1 Market St',
    building: 'Suite 5',
    country_id: COUNTRIES.usa.id,
    ...o,
  });

  describe('POST /user/append_address', () => {
    it('needs a logged-in member', async () => {
      const guest = t.client();
      expect((await guest.post('/user/append_address', address())).body.state).toBe(401);
    });

    it('saves an overseas address with prefecture 99', async () => {
      const { m, c } = await member();
      const res = await c.post('/user/append_address', address({ pref_id: 5 }));
      expect(res.body.state).toBe(200);
      expect(await row(m.id)).toMatchObject({
        tel: '+1 415 555 0100',
        zipcode: '94105',
        pref_text: 'CA',
        shiku: 'San Francisco',
        address: '1 Market St',
        building: 'Suite 5',
        country_id: COUNTRIES.usa.id,
        pref_id: OVERSEAS_PREF_ID,
      });
      expect((await c.get('/user/country/check')).body).toMatchObject({ is_login: '1', is_country: '1' });
    });

    it('applies the Japan rules', async () => {
      const { m, c } = await member();
      const bad = await c.post(
        '/user/append_address',
        address({ country_id: JAPAN_COUNTRY_ID, zipcode: '94105' }),
      );
      expect(Object.keys(bad.body.errors).sort()).toEqual(['pref_id', 'zipcode']);
      const ok = await c.post(
        '/user/append_address',
        address({ country_id: JAPAN_COUNTRY_ID, zipcode: '1000001', pref_id: 13 }),
      );
      expect(ok.body.state).toBe(200);
      expect(await row(m.id)).toMatchObject({
        country_id: JAPAN_COUNTRY_ID,
        pref_id: 13,
        zipcode: '1000001',
      });
    });

    it('stores a Japanese zip code typed 150-0001 or in full width as 1500001', async () => {
      for (const zipcode of ['150-0001', '１５０－０００１']) {
        const { m, c } = await member();
        const res = await c.post(
          '/user/append_address',
          address({ country_id: JAPAN_COUNTRY_ID, zipcode, pref_id: 13 }),
        );
        expect(res.body.state, zipcode).toBe(200);
        expect((await row(m.id)).zipcode, zipcode).toBe('1500001');
        expect((await c.get('/user/detail')).body.zipcode, zipcode).toBe('1500001');
      }
    });

    it('needs a known country, a city and an address line', async () => {
      const { m, c } = await member();
      const before = await row(m.id);
      const none = await c.post(
        '/user/append_address',
        address({ country_id: undefined, shiku: '', address: ' ' }),
      );
      expect(none.body.errors).toMatchObject({
        country_id: ['Please choose a country.'],
        shiku: ['This field is required.'],
        address: ['This field is required.'],
      });
      const unknown = await c.post('/user/append_address', address({ country_id: 1 }));
      expect(unknown.body.errors.country_id[0]).toBe('Please choose a country.');
      expect(await row(m.id)).toEqual(before);
    });

    it('attaches a referrer once, never the member themselves', async () => {
      const referrer = await createMember(t.db);
      const other = await createMember(t.db);
      const { m, c } = await member();
      const self = await c.post(
        '/user/append_address',
        address({ referralCode: (await row(m.id)).referral_code }),
      );
      expect(self.body.errors.referral_code[0]).toBe('This referral code does not exist.');
      expect(
        (await c.post('/user/append_address', address({ referralCode: referrer.referralCode }))).body.state,
      ).toBe(200);
      expect((await row(m.id)).referred_by).toBe(referrer.id);
      const again = await c.post('/user/append_address', address({ referralCode: referrer.referralCode }));
      expect(again.body.state).toBe(200);
      const change = await c.post('/user/append_address', address({ referralCode: other.referralCode }));
      expect(change.body.state).toBe(400);
      expect((await row(m.id)).referred_by).toBe(referrer.id);
    });

    it('does not change a phone number verified by SMS', async () => {
      const { m, c } = await member({ tel: '09011112222', end_sms: 1 });
      const res = await c.post('/user/append_address', address({ tel: '09033334444' }));
      expect(res.body.errors.tel[0]).toBe('The value is invalid.');
      expect((await row(m.id)).tel).toBe('09011112222');
      expect((await c.post('/user/append_address', address({ tel: '09011112222' }))).body.state).toBe(200);
    });

    it('keeps the stored phone number when the tel is empty or absent', async () => {
      const { m, c } = await member({ tel: '+81 90 1234 5678' });
      const empty = await c.post('/user/append_address', address({ tel: '' }));
      expect(empty.body.state).toBe(200);
      expect(await row(m.id)).toMatchObject({ tel: '+81 90 1234 5678', shiku: 'San Francisco' });
      const absent = await c.post('/user/append_address', address({ tel: undefined, shiku: 'Oakland' }));
      expect(absent.body.state).toBe(200);
      expect(await row(m.id)).toMatchObject({ tel: '+81 90 1234 5678', shiku: 'Oakland' });
      const detail = await c.get('/user/detail');
      expect(detail.body).toMatchObject({ tel: '+81 90 1234 5678', shiku: 'Oakland', end_sms: '0' });
      // a number given still replaces it while it is not verified
      expect((await c.post('/user/append_address', address({ tel: '09055556666' }))).body.state).toBe(200);
      expect((await row(m.id)).tel).toBe('09055556666');
    });

    it('saves the address of a member verified by SMS when the tel is left empty', async () => {
      const { m, c } = await member({ tel: '09011112222', end_sms: 1 });
      const res = await c.post('/user/append_address', address({ tel: '', address: '2 Market St' }));
      expect(res.body.state).toBe(200);
      expect(await row(m.id)).toMatchObject({ tel: '09011112222', end_sms: 1, address: '2 Market St' });
    });
  });

  describe('lists', () => {
    it('lists the Japanese prefectures in the member language, without "overseas"', async () => {
      const en = (await t.client().get('/user/pref_list')).body;
      const ja = (await t.client({ lang: 'ja' }).get('/user/pref_list')).body;
      expect(en.state).toBe(200);
      const ids = en.list.map((p: { id: number }) => p.id);
      expect(ids).toContain(13);
      expect(ids).not.toContain(OVERSEAS_PREF_ID);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const tokyo = await t.db
        .selectFrom('prefectures')
        .selectAll()
        .where('id', '=', 13)
        .executeTakeFirstOrThrow();
      expect(en.list.find((p: { id: number }) => p.id === 13).name).toBe(tokyo.name_en);
      expect(ja.list.find((p: { id: number }) => p.id === 13).name).toBe(tokyo.name_ja);
    });

    it('lists the countries by sort order, then name, in the member language', async () => {
      await ensureCountries(t.db, [
        { id: 9002, code: 'XB', name_en: 'Zeta', name_ja: 'ゼータ', sort: 0 },
        { id: 9001, code: 'XA', name_en: 'Alpha', name_ja: 'アルファ', sort: 0 },
      ]);
      const rows = await t.db.selectFrom('countries').selectAll().execute();
      const sortOf = new Map(rows.map((r) => [r.id, r.sort]));
      for (const lang of ['en', 'ja'] as const) {
        const { list } = (await t.client({ lang }).get('/user/country')).body;
        expect(list).toHaveLength(rows.length);
        expect(list.slice(0, 2).map((c: { id: number }) => c.id)).toEqual([9001, 9002]);
        const sorts = list.map((c: { id: number }) => sortOf.get(c.id));
        expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
        const japan = rows.find((r) => r.id === JAPAN_COUNTRY_ID)!;
        expect(list.find((c: { id: number }) => c.id === JAPAN_COUNTRY_ID).name).toBe(
          lang === 'ja' ? japan.name_ja : japan.name_en,
        );
      }
    });

    it('answers the country check for guests and members', async () => {
      expect((await t.client().get('/user/country/check')).body).toMatchObject({
        is_login: '0',
        is_country: '0',
      });
      const { c } = await member();
      expect((await c.get('/user/country/check')).body).toMatchObject({ is_login: '1', is_country: '0' });
    });
  });

  describe('POST /user/changeUserInformation (also change_user_information)', () => {
    it.each(['/user/changeUserInformation', '/user/change_user_information'])(
      '%s sets the country',
      async (path) => {
        const { m, c } = await member();
        expect((await c.post(path, { country_id: COUNTRIES.france.id })).body.state).toBe(200);
        expect((await row(m.id)).country_id).toBe(COUNTRIES.france.id);
        expect((await c.get('/user/country/check')).body.is_country).toBe('1');
        const detail = (await c.get('/user/detail')).body;
        const france = await t.db
          .selectFrom('countries')
          .selectAll()
          .where('id', '=', 250)
          .executeTakeFirstOrThrow();
        expect(detail).toMatchObject({ country_id: 250, country_name: france.name_en });
      },
    );

    it('refuses an unknown country under errors.country_id', async () => {
      const { m, c } = await member();
      const res = await c.post('/user/changeUserInformation', { country_id: 9999 });
      expect(res.body.state).toBe(400);
      expect(res.body.errors.country_id[0]).toBe('Please choose a country.');
      expect((await row(m.id)).country_id).toBeNull();
    });

    it('keeps the prefecture consistent with the country', async () => {
      const { m, c } = await member({ country_id: JAPAN_COUNTRY_ID, pref_id: 13 });
      await c.post('/user/changeUserInformation', { country_id: COUNTRIES.usa.id });
      expect((await row(m.id)).pref_id).toBe(OVERSEAS_PREF_ID);
      await c.post('/user/changeUserInformation', { country_id: JAPAN_COUNTRY_ID });
      expect((await row(m.id)).pref_id).toBeNull();
    });

    it('needs a logged-in member', async () => {
      expect((await t.client().post('/user/changeUserInformation', { country_id: 840 })).body.state).toBe(
        401,
      );
    });
  });

  describe('POST /user/change', () => {
    it('changes the phone number while SMS verification is not done', async () => {
      const { m, c } = await member();
      expect((await c.post('/user/change', { tel: '080-9999-0000' })).body.state).toBe(200);
      expect((await row(m.id)).tel).toBe('080-9999-0000');
    });

    it('refuses once the number is verified', async () => {
      const { m, c } = await member({ tel: '09011112222', end_sms: 1 });
      const res = await c.post('/user/change', { tel: '08099990000' });
      expect(res.body.state).toBe(400);
      expect(res.body.errors.tel[0]).toBe('The value is invalid.');
      expect((await row(m.id)).tel).toBe('09011112222');
    });

    it('validates the number', async () => {
      const { c } = await member();
      expect((await c.post('/user/change', { tel: '' })).body.errors.tel[0]).toBe('This field is required.');
      expect((await c.post('/user/change', { tel: '12ab' })).body.errors.tel[0]).toBe(
        'Please enter a phone number of 10 to 15 digits.',
      );
    });

    it('needs a logged-in member', async () => {
      const guest: TestClient = t.client();
      expect((await guest.post('/user/change', { tel: '09012345678' })).body.state).toBe(401);
    });
  });
});
