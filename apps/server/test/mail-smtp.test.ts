import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { mailerFor } from '../src/modules/mail/service.ts';
import { createTestApp } from './helpers.ts';
import { createMember } from './factories.ts';
import { allCounts } from './member-helpers.ts';

/** Real SMTP delivery (nodemailer) to an smtp-server instance on a loopback port. */

interface Received {
  from: string;
  to: string[];
  raw: string;
  user: string | undefined;
}
const inbox: Received[] = [];

const smtp = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  authMethods: ['PLAIN', 'LOGIN'],
  onAuth(auth, _session, cb) {
    if (auth.username === 'shop' && auth.password === 'mail-pass') return cb(null, { user: 'shop' });
    return cb(new Error('Invalid username or password'));
  },
  onData(stream, session, cb) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      inbox.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString(),
        user: session.user as string | undefined,
      });
      cb();
    });
  },
  logger: false,
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
const port = (smtp.server.address() as AddressInfo).port;

const t = await createTestApp({
  mailUrl: `smtp://shop:mail-pass@127.0.0.1:${port}`,
  mailFrom: 'Gacha Gems <no-reply@gacha.test>',
});
const mailer = mailerFor({ db: t.db, config: t.config });
afterAll(() => mailer.close());

/** The text part of a received message (quoted-printable or base64 decoded by a plain reading). */
function textOf(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head!))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString();
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head!)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function decodedSubject(raw: string): string {
  const m = /^subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw);
  return (m?.[1] ?? '')
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString()
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString(),
    )
    .trim();
}

describe('email over SMTP (MAIL_URL set)', () => {
  it('delivers the reset code to the member over SMTP with authentication, in the language of the page that asked', async () => {
    const m = await createMember(t.db, { lang: 'en' });
    const before = await allCounts(t.db);
    expect(mailer.transport).toBe('smtp');
    const res = await t
      .client({ ip: '10.9.0.1', lang: 'ja' })
      .post('/user/create_onetime_reset_password', { mail: m.mail });
    expect(res.body.state).toBe(200);
    await mailer.idle();
    const msg = inbox.find((x) => x.to.includes(m.mail));
    expect(msg).toBeDefined();
    expect(msg!.user).toBe('shop');
    expect(msg!.from).toBe('no-reply@gacha.test');
    expect(decodedSubject(msg!.raw)).toBe('【ガチャジェム】認証コードのお知らせ');
    const text = textOf(msg!.raw);
    const code = /([A-Z2-9]{4}-[A-Z2-9]{4})/.exec(text)?.[1];
    expect(code).toBeDefined();
    expect(text).toContain('パスワード再発行の認証コードです。');
    // nothing went to the dev outbox
    expect((await allCounts(t.db)).outbox_messages).toBe(before.outbox_messages);

    // and the code delivered over SMTP works
    const again = t.client({ ip: '10.9.0.2', lang: 'ja' });
    await again.post('/user/create_onetime_reset_password', { mail: m.mail });
    await mailer.idle();
    const latest = inbox.filter((x) => x.to.includes(m.mail)).at(-1)!;
    const code2 = /([A-Z2-9]{4}-[A-Z2-9]{4})/.exec(textOf(latest.raw))![1];
    expect((await again.post('/user/reset_password', { code: code2 })).body.state).toBe(200);
    const temp = inbox.filter((x) => x.to.includes(m.mail)).at(-1)!;
    expect(decodedSubject(temp.raw)).toBe('【ガチャジェム】仮パスワードのお知らせ');
  });

  it('an English page gets English mail', async () => {
    const m = await createMember(t.db, { lang: 'en' });
    await t.client({ ip: '10.9.0.3' }).post('/user/create_onetime_reset_password', { mail: m.mail });
    await mailer.idle();
    const msg = inbox.find((x) => x.to.includes(m.mail))!;
    expect(decodedSubject(msg.raw)).toBe('[Gacha Gems] Your verification code');
    expect(textOf(msg.raw)).toContain('Your verification code for reissuing your password');
  });

  it('a refused delivery rejects send() and is logged, not thrown, by sendLater()', async () => {
    const bad = await import('../src/modules/mail/service.ts').then((mod) =>
      mod.createMailer({
        db: t.db,
        config: { mailUrl: `smtp://shop:wrong@127.0.0.1:${port}`, mailFrom: 'x@gacha.test' },
        log: { warn: () => {}, error: () => {} },
      }),
    );
    await expect(bad.send({ to: 'a@example.com', subject: 's', text: 't', kind: 'test' })).rejects.toThrow();
    bad.sendLater({ to: 'a@example.com', subject: 's', text: 't', kind: 'test' });
    await bad.idle();
    bad.close();
  });
});
