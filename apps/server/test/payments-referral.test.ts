import { describe, expect, it } from 'vitest';
import { gemBalance } from '../src/modules/gems/service.ts';
import { createMember } from './factories.ts';
import { cardToken, createCourse, loggedIn } from './fakes/shop.ts';
import { createTestApp } from './helpers.ts';

/** DOMAIN.md Referrals: a gem purchase that completes the conditions pays both sides, once. */
describe('a card purchase completing a referral', async () => {
  const t = await createTestApp();
  const course1000 = await createCourse(t.db, { point: 1000 });
  const course500 = await createCourse(t.db, { point: 500 });

  it('pays 1,000 gems to both sides when the SMS-verified friend buys 1,000 gems, and only once', async () => {
    const referrer = await createMember(t.db, { country_id: 840 });
    const { member, client } = await loggedIn(t, { referred_by: referrer.id, end_sms: 1 });
    const buy = async (pointPriceId: number) =>
      client.post('/user/point/buy', { pay_id: 1, pointPriceId, token: await cardToken(t) });

    expect((await buy(course500)).body.result).toBe('1');
    expect(await gemBalance(t.db, referrer.id, t.clock.now())).toBe(0); // 500 < 1,000: not yet

    expect((await buy(course500)).body.result).toBe('1');
    expect(await gemBalance(t.db, referrer.id, t.clock.now())).toBe(1000);
    expect(await gemBalance(t.db, member.id, t.clock.now())).toBe(500 + 500 + 1000);

    expect((await buy(course1000)).body.result).toBe('1');
    expect(await gemBalance(t.db, referrer.id, t.clock.now())).toBe(1000);
    expect(await gemBalance(t.db, member.id, t.clock.now())).toBe(3000);
  });

  it('pays nothing while the friend has not completed SMS verification', async () => {
    const referrer = await createMember(t.db, { country_id: 840 });
    const { client } = await loggedIn(t, { referred_by: referrer.id, end_sms: 0 });
    const res = await client.post('/user/point/buy', {
      pay_id: 1,
      pointPriceId: course1000,
      token: await cardToken(t),
    });
    expect(res.body.result).toBe('1');
    expect(await gemBalance(t.db, referrer.id, t.clock.now())).toBe(0);
  });
});
