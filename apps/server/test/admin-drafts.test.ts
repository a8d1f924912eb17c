import { describe, expect, it } from 'vitest';
import { createPack, memberClient } from './draw-factories.ts';
import { createTestApp, onPostgres } from './helpers.ts';
import { auditCount, staffClient } from './staff-factories.ts';

/**
 * Drafts deleted in the console: a pack never published (with its prizes), a card nothing names, a banner, a
 * coupon nobody used. What is on record stays: a published pack, a card in a prize, a used coupon are refused in
 * the staff member's language with nothing written. One audit row per deletion (the row as it was), none for a
 * refusal or a repeat; two deletions at once delete once. SQLite and PostgreSQL.
 */
const t = await createTestApp({ rateLimits: false });
const db = t.db;
const owner = await staffClient(t, 'owner');
const ownerJa = await staffClient(t, 'owner');
await ownerJa.get('/admin/me');
ownerJa.cookies.set('lang', 'ja');

const deletions = (action: string) =>
  db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
const exists = async (table: 'packs' | 'cards' | 'banners' | 'coupons', id: number) =>
  Boolean(await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst());

async function newCoupon(code: string) {
  const res = await owner.post('/admin/coupons', {
    code,
    kind: 'gems',
    gems: 100,
    starts_at: '2026-01-01T00:00:00.000Z',
    ends_at: '2027-12-31T00:00:00.000Z',
    max_uses: 10,
    note: '',
    point_price_ids: [],
  });
  expect(res.body.state).toBe(200);
  return res.body.id as number;
}

describe(`drafts deleted in the console (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('a draft pack goes with its prizes, once; a published pack is refused and kept', async () => {
    const draft = await createPack(db, { publish: false });
    const before = await auditCount(db);
    expect((await owner.post(`/admin/packs/${draft.packId}/delete`, {})).body.state).toBe(200);
    expect(await exists('packs', draft.packId)).toBe(false);
    expect(
      await db.selectFrom('pack_prizes').where('pack_id', '=', draft.packId).selectAll().execute(),
    ).toEqual([]);
    const [row] = (await deletions('pack.delete')).filter((r) => r.target_id === String(draft.packId));
    expect(JSON.parse(row!.before_json!)).toMatchObject({ id: draft.packId, seed: null });
    expect(row!.after_json).toBeNull();
    // a repeat finds nothing: no second row
    expect((await owner.post(`/admin/packs/${draft.packId}/delete`, {})).body).toMatchObject({ state: 404 });
    expect(await auditCount(db)).toBe(before + 1);
    // its cards are free now: one can go too
    expect((await owner.post(`/admin/cards/${draft.cardIds[0]}/delete`, {})).body.state).toBe(200);
    expect(await exists('cards', draft.cardIds[0]!)).toBe(false);

    const sold = await createPack(db, {});
    const refused = await ownerJa.post(`/admin/packs/${sold.packId}/delete`, {});
    expect(refused.body).toMatchObject({
      state: 409,
      errors: {
        pack: ['公開済みのパックは削除できません（くじと販売の記録が残ります）。販売を終了してください。'],
      },
    });
    expect(await exists('packs', sold.packId)).toBe(true);
    expect(await auditCount(db)).toBe(before + 2);
  });

  it('a card in a prize is refused; an unknown id is 404; bad ids are refused', async () => {
    const { cardIds } = await createPack(db, { publish: false });
    const before = await auditCount(db);
    const refused = await owner.post(`/admin/cards/${cardIds[0]}/delete`, {});
    expect(refused.body).toMatchObject({
      state: 409,
      errors: { card: [expect.stringMatching(/cannot be deleted/)] },
    });
    expect(await exists('cards', cardIds[0]!)).toBe(true);
    expect((await owner.post('/admin/cards/99999999/delete', {})).body).toMatchObject({
      state: 404,
      message: 'There is no such card.',
    });
    for (const bad of ['0', '-1', 'abc', '1e3'])
      expect((await owner.post(`/admin/cards/${bad}/delete`, {})).body.state, bad).toBe(404);
    expect(await auditCount(db)).toBe(before);
  });

  it('a banner goes at once from the shop; a coupon nobody used goes, a used one is refused', async () => {
    const banner = await owner.post('/admin/banners', {
      kind: 'alert',
      slot: 0,
      sort: 0,
      link_url: '/news',
      tone: 'info',
      title_en: 'Gone soon',
      title_ja: 'まもなく終了',
      text_en: 'Text',
      text_ja: '本文',
      cta_en: '',
      cta_ja: '',
      starts_at: null,
      ends_at: null,
      enabled: 1,
    });
    const id = banner.body.id as number;
    const shown = async () =>
      JSON.stringify((await t.client().get('/user/banners')).body).includes('Gone soon');
    expect(await shown()).toBe(true);
    expect((await owner.post(`/admin/banners/${id}/delete`, {})).body.state).toBe(200);
    expect(await shown()).toBe(false);
    expect(await deletions('banner.delete')).toHaveLength(1);

    const unused = await newCoupon('DRAFT-UNUSED');
    expect((await owner.post(`/admin/coupons/${unused}/delete`, {})).body.state).toBe(200);
    expect(await exists('coupons', unused)).toBe(false);
    const used = await newCoupon('DRAFT-USED');
    const m = await memberClient(t);
    expect((await m.client.post('/user/coupon/use', { couponCode: 'DRAFT-USED' })).body.error).toBe('');
    const refused = await ownerJa.post(`/admin/coupons/${used}/delete`, {});
    expect(refused.body).toMatchObject({
      state: 409,
      errors: { coupon: ['このクーポンは会員が使用済みのため削除できません。無効にしてください。'] },
    });
    expect(await exists('coupons', used)).toBe(true);
    expect(await deletions('coupon.delete')).toHaveLength(1);
  });

  it('two deletions at once delete once, with one audit row; a support account may not delete', async () => {
    const { packId } = await createPack(db, { publish: false });
    const support = await staffClient(t, 'support');
    expect((await support.post(`/admin/packs/${packId}/delete`, {})).body.state).toBe(403);
    const before = await auditCount(db);
    const other = await staffClient(t, 'owner');
    const answers = await Promise.all([
      owner.post(`/admin/packs/${packId}/delete`, {}),
      other.post(`/admin/packs/${packId}/delete`, {}),
    ]);
    expect(answers.map((a) => a.body.state).sort()).toEqual([200, 404]);
    expect(await auditCount(db)).toBe(before + 1);
  });
});
