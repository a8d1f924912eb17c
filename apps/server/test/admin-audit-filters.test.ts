import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';
import { createStaffMember, staffClient } from './staff-factories.ts';

/**
 * The audit log found by the pickers — an action of the ones recorded, a staff member who
 * wrote — and by a date range in Japan time, both days included.
 */
const t = await createTestApp();
const db = t.db;
const a = await createStaffMember(db, 'operator');
const b = await createStaffMember(db, 'support');
const row = (staff: number, action: string, at: string) => ({
  staff_id: staff,
  action,
  target_type: 'test',
  target_id: '1',
  before_json: null,
  after_json: '{"x":1}',
  ip: '127.0.0.1',
  created_at: at,
});
await db
  .insertInto('audit_log')
  .values([
    // 2026-10-31 23:59 JST, 2026-11-01 00:00 JST, 2026-11-30 23:59 JST, 2026-12-01 00:00 JST
    row(a.id, 'zz.first', '2026-10-31T14:59:00.000Z'),
    row(a.id, 'zz.second', '2026-10-31T15:00:00.000Z'),
    row(b.id, 'zz.second', '2026-11-30T14:59:00.000Z'),
    row(b.id, 'zz.third', '2026-11-30T15:00:00.000Z'),
  ])
  .execute();
const owner = await staffClient(t, 'owner');
const actions = async (q: string) =>
  ((await owner.get(`/admin/audit?${q}`)).body.list as { action: string }[])
    .map((r) => r.action)
    .filter((x) => x.startsWith('zz.'));

describe('the audit log’s filters', () => {
  it('a date range in Japan time, both days included', async () => {
    expect(await actions('from=2026-11-01&to=2026-11-30')).toEqual(['zz.second', 'zz.second']);
    expect(await actions('from=2026-12-01')).toEqual(['zz.third']);
    expect(await actions('to=2026-10-31')).toEqual(['zz.first']);
    // a malformed day is no filter, never an error
    expect((await owner.get('/admin/audit?from=2026-13&to=x')).body.state).toBe(200);
  });

  it('by action and by staff member, as the pickers offer them', async () => {
    const facets = (await owner.get('/admin/audit/facets')).body;
    expect(facets.actions).toEqual(expect.arrayContaining(['zz.first', 'zz.second', 'zz.third']));
    expect(facets.staff).toEqual(expect.arrayContaining([{ id: a.id, email: a.email }]));
    expect(await actions('action=zz.second')).toEqual(['zz.second', 'zz.second']);
    expect(await actions(`staff_id=${b.id}`)).toEqual(['zz.third', 'zz.second']);
    expect(await actions(`staff_id=${b.id}&action=zz.second&from=2026-11-30&to=2026-11-30`)).toEqual([
      'zz.second',
    ]);
  });

  it('searches the action, target, email and IP; sorts; counts every match', async () => {
    expect(await actions('q=ZZ.SEC')).toEqual(['zz.second', 'zz.second']);
    expect(await actions(`q=${encodeURIComponent(b.email)}`)).toEqual(['zz.third', 'zz.second']);
    expect(await actions('q=zz.&sort=action&dir=asc')).toEqual([
      'zz.first',
      'zz.second',
      'zz.second',
      'zz.third',
    ]);
    expect(await actions('q=zz.%25')).toEqual([]);
    const page = (await owner.get('/admin/audit?q=zz.&per=3&page=2')).body;
    expect(page).toMatchObject({ total: 4, page: 2, all_page: 2, per_page: 3 });
    expect(page.list).toHaveLength(1);
  });

  it('is for staff who may read the log', async () => {
    expect((await t.client().get('/admin/audit/facets')).body.state).toBe(401);
    expect((await (await staffClient(t, 'viewer')).get('/admin/audit/facets')).body.state).toBe(403);
  });
});
