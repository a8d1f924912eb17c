import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { composeMail, composeSmsCode } from '../src/modules/mail/templates.ts';
import { mailerFor } from '../src/modules/mail/service.ts';
import { recordOutbox } from '../src/modules/outbox/service.ts';
import { createTestApp } from './helpers.ts';
import { createMember } from './factories.ts';

const t = await createTestApp();

describe('the dev outbox', () => {
  it('is on outside production by default and never in production, where setting it is refused', () => {
    const base = { SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' };
    const prod = {
      ...base,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example',
      SELLER_ADDRESS: 'Tokyo',
      SELLER_EMAIL: 'help@shop.example',
    };
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).devOutbox).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).devOutbox).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development', DEV_OUTBOX: '0' }).devOutbox).toBe(false);
    expect(loadConfig(prod).devOutbox).toBe(false);
    expect(() => loadConfig({ ...prod, DEV_OUTBOX: '1' })).toThrow(/DEV_OUTBOX/);
    // the mock identity provider: on in development and demo, refused in production
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).mockIdp).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).mockIdp).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'test', DEMO_DATA: '1' }).mockIdp).toBe(true);
    expect(loadConfig(prod).mockIdp).toBe(false);
    expect(() => loadConfig({ ...prod, MOCK_IDP: '1' })).toThrow(/MOCK_IDP/);
    expect(() => loadConfig({ ...base, MAIL_URL: 'http://mail' })).toThrow(/MAIL_URL/);
  });

  it('lists every email and SMS, newest first, with readable codes; CSP-safe HTML without scripts', async () => {
    const m = await createMember(t.db);
    await recordOutbox(t.db, {
      channel: 'sms',
      to: '+819011112222',
      body: 'Your code is 123456',
      code: '123456',
      kind: 'sms_code',
    });
    await recordOutbox(t.db, {
      channel: 'email',
      to: m.mail,
      subject: 'Hello <script>alert(1)</script>',
      body: 'Body with <b>markup</b> & "quotes"',
      code: 'ABCD-EFGH',
      kind: 'reset_code',
      userId: m.id,
    });
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline'; script");
    const html = res.body;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son\w+=/i); // no inline event handlers
    expect(html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Body with &lt;b&gt;markup&lt;/b&gt; &amp; &quot;quotes&quot;');
    expect(html).toContain('<p class="code" title="one-time code">ABCD-EFGH</p>');
    expect(html.indexOf('ABCD-EFGH')).toBeLessThan(html.indexOf('123456')); // newest first

    const filtered = await t.app.inject({
      method: 'GET',
      url: `/dev/outbox?to=${encodeURIComponent('+819011112222')}`,
    });
    expect(filtered.body).toContain('123456');
    expect(filtered.body).not.toContain('ABCD-EFGH');
  });

  it('GET /api/dev/outbox answers JSON in the envelope, filterable by recipient and channel', async () => {
    const res = await t.client().get('/dev/outbox?channel=sms&limit=5');
    expect(res.body.state).toBe(200);
    expect(res.body.csrf).toBeDefined();
    expect(res.body.list.length).toBeGreaterThan(0);
    expect(res.body.list.every((m: { channel: string }) => m.channel === 'sms')).toBe(true);
    expect(res.body.list[0]).toMatchObject({ to: '+819011112222', code: '123456', kind: 'sms_code' });
  });

  it('is not served when off (as in production): the page falls to the not-found handler, the API to 404', async () => {
    const off = await buildApp({ config: { ...t.config, devOutbox: false }, db: t.db, clock: t.clock });
    try {
      await off.ready();
      const page = await off.inject({ method: 'GET', url: '/dev/outbox' });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('Dev outbox');
      const api = await off.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(JSON.parse(api.body).state).toBe(404);
      const prod = await buildApp({ config: { ...t.config, env: 'production', devOutbox: true }, db: t.db });
      await prod.ready();
      expect((await prod.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
      await prod.close();
    } finally {
      await off.close();
    }
  });

  it('without MAIL_URL the mailer writes to the outbox', async () => {
    const mailer = mailerFor({ db: t.db, config: t.config });
    expect(mailer.transport).toBe('outbox');
    mailer.sendLater({ to: 'someone@example.com', subject: 's', text: 'b', kind: 'test' });
    await mailer.idle();
    const res = await t.client().get('/dev/outbox?to=someone@example.com');
    expect(res.body.list[0]).toMatchObject({ channel: 'email', subject: 's', body: 'b', kind: 'test' });
  });
});

describe('message texts', () => {
  it('exist in English and Japanese for every kind', () => {
    const kinds = [
      ['reset_code', { code: 'ABCD-EFGH', minutes: 30 }],
      ['temp_password', { password: 'Tmp12345abcd' }],
      ['password_changed', {}],
      ['inactivity_notice', { deadline: '2027-01-01 12:00', gems: 1234 }],
    ] as const;
    for (const [kind, params] of kinds) {
      const en = composeMail(kind, 'en', params as never);
      const ja = composeMail(kind, 'ja', params as never);
      expect(en.subject).toMatch(/^\[Gacha Gems\]/);
      expect(ja.subject).toMatch(/^【ガチャジェム】/);
      expect(en.text).not.toEqual(ja.text);
      expect(ja.text).toMatch(/[ぁ-んァ-ン一-龯]/);
      for (const v of Object.values(params)) {
        const shown = typeof v === 'number' ? v.toLocaleString('en-US') : v;
        expect(en.text).toContain(shown);
      }
    }
    expect(composeSmsCode('en', '123456', 10)).toContain('123456');
    expect(composeSmsCode('ja', '123456', 10)).toContain('123456');
  });
});
