import { describe, expect, it } from 'vitest';
import { lookupZipcode } from '../src/modules/address/service.ts';
import { createTestApp, tableCounts } from './helpers.ts';

describe('POST /address/zipcode', async () => {
  const t = await createTestApp();

  it('finds a Tokyo address by its 7-digit code, in Japanese with romaji', async () => {
    const res = await t.client().post('/address/zipcode', { zipcode: '1000001' });
    expect(res.body.state).toBe(200);
    expect(res.body.result).toEqual([
      {
        prefcode: '13',
        address1: '東京都',
        address2: '千代田区',
        address3: '千代田',
        address1_en: 'Tokyo',
        address2_en: 'Chiyoda-ku',
      },
    ]);
    expect(res.body.csrf.value).toBeTruthy();
  });

  it('finds Sapporo (a code of a whole ward has no town) and Hokkaido as prefcode 1', async () => {
    const res = await t.client().post('/address/zipcode', { zipcode: '0600000' });
    expect(res.body.state).toBe(200);
    expect(res.body.result).toEqual([
      {
        prefcode: '1',
        address1: '北海道',
        address2: '札幌市中央区',
        address3: '',
        address1_en: 'Hokkaido',
        address2_en: 'Sapporo-shi Chuo-ku',
      },
    ]);
  });

  it('lists every town of a code that covers several', () => {
    const towns = lookupZipcode('4520961');
    expect(towns.length).toBeGreaterThan(10);
    expect(new Set(towns.map((a) => a.address2))).toEqual(new Set(['清須市']));
    expect(towns.map((a) => a.address3)).toContain('春日振形');
  });

  it('covers every prefecture and answers a lookup fast once loaded', () => {
    expect(lookupZipcode('9000001')[0]?.address1).toBe('沖縄県');
    expect(lookupZipcode('5300001')[0]?.address2).toBe('大阪市北区');
    expect(lookupZipcode('1006001')[0]?.address3).toBe('霞が関霞が関ビル'); // a building's own code
    const start = performance.now();
    for (let i = 0; i < 10_000; i++) lookupZipcode('1000001');
    expect(performance.now() - start).toBeLessThan(500);
  });

  it('takes a code typed with a hyphen or in full width, as members type it', async () => {
    for (const zipcode of ['150-0001', '１５０－０００１', '１５００００１', '150ー0001']) {
      const res = await t.client().post('/address/zipcode', { zipcode });
      expect(res.body.state, zipcode).toBe(200);
      expect(res.body.result[0], zipcode).toMatchObject({
        prefcode: '13',
        address1: '東京都',
        address2: '渋谷区',
      });
    }
  });

  it('answers an unknown code with state 400 errors.zipcode in the member language', async () => {
    const en = await t.client().post('/address/zipcode', { zipcode: '0000000' });
    expect(en.body.state).toBe(400);
    expect(en.httpStatus).toBe(400);
    expect(en.body.errors.zipcode[0]).toBe('No address was found for this postal code.');
    const ja = await t.client({ lang: 'ja' }).post('/address/zipcode', { zipcode: '9999999' });
    expect(ja.body.errors.zipcode[0]).toBe('この郵便番号に該当する住所が見つかりません。');
  });

  describe('refuses bad input with state 400 and writes nothing', () => {
    const cases: [string, Record<string, string>, string][] = [
      ['an empty payload', { json: '{}' }, 'zipcode'],
      ['no json field', {}, 'json'],
      ['malformed json', { json: '{"zipcode": "1000001"' }, 'json'],
      ['a json array', { json: '["1000001"]' }, 'json'],
      ['json null', { json: 'null' }, 'json'],
      ['a number for the code', { json: '{"zipcode": 1000001}' }, 'zipcode'],
      ['an object for the code', { json: '{"zipcode": {"a": 1}}' }, 'zipcode'],
      ['eight digits with a hyphen', { json: '{"zipcode": "100-00011"}' }, 'zipcode'],
      ['six digits', { json: '{"zipcode": "100000"}' }, 'zipcode'],
      ['six full-width digits', { json: '{"zipcode": "１０００００"}' }, 'zipcode'],
      ['a 100 KB string', { json: JSON.stringify({ zipcode: '1'.repeat(100_000) }) }, 'zipcode'],
      ['an unknown field', { json: '{"zipcode": "1000001", "admin": true}' }, 'admin'],
    ];
    for (const [name, form, field] of cases) {
      it(name, async () => {
        const c = t.client();
        await c.get('/user/card_type');
        const before = await tableCounts(t.db);
        const res = await c.postForm('/address/zipcode', form);
        expect(res.body.state).toBe(400);
        expect(res.httpStatus).toBe(400);
        expect(Object.keys(res.body.errors)).toContain(field);
        expect(typeof res.body.errors[field][0]).toBe('string');
        expect(await tableCounts(t.db)).toEqual(before);
      });
    }
  });

  it('refuses a POST without the csrf pair (or with no body at all) with state 403', async () => {
    const c = t.client();
    await c.get('/user/card_type');
    const before = await tableCounts(t.db);
    const noPair = await c.postForm('/address/zipcode', { json: '{"zipcode":"1000001"}' }, false);
    expect(noPair.body.state).toBe(403);
    expect(noPair.body.result).toBeUndefined();
    const empty = await t.app.inject({ method: 'POST', url: '/api/address/zipcode' });
    expect(empty.json().state).toBe(403);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});
