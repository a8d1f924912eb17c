import { describe, expect, it } from 'vitest';
import { message } from '@gacha/contract/messages';
import { composeMail } from '../src/modules/mail/templates.ts';
import { mailerFor } from '../src/modules/mail/service.ts';
import { failureMessage } from '../src/modules/payments/notifications.ts';
import { createTestApp } from './helpers.ts';
import { createCourse, loggedIn, sandboxButton } from './fakes/shop.ts';

/**
 * Payment messages (spec §8) and the bank transfer remittance email (spec §2, §9: the remittance details by
 * email, pay within 3 days), through the sandbox provider and the dev outbox.
 */
const t = await createTestApp();
const course = await createCourse(t.db, { point: 3000 });

describe('failureMessage', () => {
  it('keeps "cannot connect" for an unreachable provider and uses the catalogue for communication errors', () => {
    for (const method of ['card', 'paypal', 'combini', 'alipay']) {
      expect(failureMessage(method, 'unreachable')).toBe('payment_unreachable');
      expect(failureMessage(method, 'communication')).toBe('payment_communication');
      expect(failureMessage(method, 'maintenance')).toBe('payment_maintenance');
      expect(failureMessage(method, 'invalid')).toBe('payment_invalid_input');
    }
    expect(message('payment_unreachable', 'en')).toBe(
      'Unable to connect to payment company. Please try again later.',
    );
    expect(message('payment_communication', 'en')).toMatch(/communication error/);
  });

  it('a card status check failure has its own message; other card failures keep theirs', () => {
    expect(failureMessage('card', 'card_status')).toBe('payment_card_status');
    expect(failureMessage('card', 'declined')).toBe('payment_failed_card');
    expect(failureMessage('card', 'card_check_failed')).toBe('card_check_failed');
    expect(failureMessage('card', 'other')).toBe('payment_error_other');
    expect(message('payment_card_status', 'ja')).toContain('カードの状態確認');
  });

  it('every other method has its own failure message', () => {
    expect(failureMessage('paypal', 'declined')).toBe('payment_failed_paypal');
    expect(failureMessage('amazon_pay', 'declined')).toBe('payment_failed_amazon');
    expect(failureMessage('unionpay', 'declined')).toBe('payment_failed_unionpay');
    expect(failureMessage('alipay', 'declined')).toBe('payment_failed_alipay');
    expect(failureMessage('carrier', 'declined')).toBe('payment_failed_carrier');
    expect(failureMessage('combini', 'declined')).toBe('payment_failed_other');
  });
});

async function mailsTo(to: string) {
  await mailerFor({ db: t.db, config: t.config }).idle();
  return (await t.client().get(`/dev/outbox?to=${encodeURIComponent(to)}`)).body.list as {
    kind: string;
    subject: string;
    body: string;
    channel: string;
  }[];
}

describe('bank transfer remittance email', () => {
  it('a pending bank transfer emails the account, amount, transfer name and 3-day deadline (English)', async () => {
    const { member, client } = await loggedIn(t, {}, 'en');
    const res = await client.post('/user/point/buy', { pay_id: 4, pointPriceId: course, name: 'ﾔﾏﾀﾞ ﾀﾛｳ' });
    expect(res.body).toMatchObject({ state: 200, result: '2', pay_id: 4 });
    // the answer carries the account, so the client shows /bank-transfer-information
    expect(res.body.bank).toMatchObject({ bank: expect.stringContaining('Sandbox') });
    expect(res.body.bank.number).toMatch(/^\d{7}$/);
    const bank = (await client.get(`/user/bank?payment_id=${res.body.payment_id}`)).body;

    const mails = await mailsTo(member.mail);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatchObject({ channel: 'email', kind: 'bank_transfer' });
    expect(mail.subject).toBe('[Gacha Gems] Bank transfer details for your gem purchase');
    for (const line of [
      `Bank: ${bank.bank}`,
      `Branch: ${bank.branch}`,
      `Account type: ${bank.account_type}`,
      `Account number: ${bank.number}`,
      `Account holder: ${bank.name}`,
      'Amount: ¥3,000',
      'Transfer name: ヤマダ タロウ',
      `Pay by: ${bank.expires} (Japan time)`,
      `Reference: ${res.body.payment_id}`,
      'within 3 days',
    ])
      expect(mail.body).toContain(line);
    // 3 days from now, Japan time (the test clock is 2026-11-20 12:00 JST)
    expect(bank.expires).toBe('2026-11-23 12:00');
  });

  it('in Japanese for a member using the site in Japanese; nothing more is sent when it is settled', async () => {
    const { member, client } = await loggedIn(t, {}, 'ja');
    const res = await client.post('/user/point/buy', {
      pay_id: 4,
      pointPriceId: course,
      name: 'スズキ ハナコ',
    });
    const mails = await mailsTo(member.mail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('【ガチャジェム】銀行振込のお振込み先のご案内');
    expect(mails[0]!.body).toContain('振込名義：スズキ ハナコ');
    expect(mails[0]!.body).toContain('振込金額：¥3,000');
    expect(mails[0]!.body).toContain('3日以内');
    expect(mails[0]!.body).toContain('（日本時間）');

    const pay = await t.db
      .selectFrom('payments')
      .select('payment_url')
      .where('public_id', '=', res.body.payment_id)
      .executeTakeFirstOrThrow();
    const ok = await sandboxButton(t, pay.payment_url!, 'settle', {
      holder_name: 'スズキ ハナコ',
      amount: '3000',
    });
    expect(ok.status).toBe(303);
    expect(await mailsTo(member.mail)).toHaveLength(1);
  });

  it('no email for other methods or for a refused bank transfer', async () => {
    const { member, client } = await loggedIn(t, {}, 'en');
    expect((await client.post('/user/point/buy', { pay_id: 2, pointPriceId: course })).body.result).toBe('2');
    expect(
      (await client.post('/user/point/buy', { pay_id: 4, pointPriceId: course, name: 'Taro' })).body.state,
    ).toBe(400);
    expect(await mailsTo(member.mail)).toHaveLength(0);
  });

  it('without account details the email says where to find them', () => {
    const params = {
      amount: 1000,
      gems: 1000,
      holderName: 'ヤマダ タロウ',
      deadline: '2026-11-23 12:00',
      paymentId: 'pay_x',
      account: null,
      instructionsUrl: 'https://pay.example/instructions/1',
    };
    const en = composeMail('bank_transfer', 'en', params);
    const ja = composeMail('bank_transfer', 'ja', params);
    expect(en.text).toContain('The account to transfer to is shown on this page:');
    expect(ja.text).toContain('振込先口座は次のページでご確認ください');
    for (const text of [en.text, ja.text]) {
      expect(text).toContain('https://pay.example/instructions/1');
      expect(text).toContain('2026-11-23 12:00');
      expect(text).not.toMatch(/Account number|口座番号/);
    }
  });
});
