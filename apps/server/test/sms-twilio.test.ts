import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { twilioSmsProvider } from '../src/modules/sms/provider.ts';
import { createTestApp } from './helpers.ts';
import { COUNTRIES, createMember, ensureCountries } from './factories.ts';
import { loggedIn } from './member-helpers.ts';

/**
 * The Twilio adapter, with the official SDK, against a local fake of Twilio's REST API (Programmable
 * Messaging: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded, HTTP Basic auth).
 */

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'test-auth-token';
const FROM = '+15005550006';
const INVALID_TO = '+15005550001'; // Twilio's magic "invalid number"

interface Received {
  path: string;
  auth: string;
  form: Record<string, string>;
}
const received: Received[] = [];

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

const fake = createServer(async (req, res) => {
  const body = await readBody(req);
  const form = Object.fromEntries(new URLSearchParams(body));
  const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
  received.push({ path: req.url ?? '', auth, form });
  res.setHeader('content-type', 'application/json');
  const expectedPath = `/2010-04-01/Accounts/${SID}/Messages.json`;
  if (req.method !== 'POST' || req.url !== expectedPath) {
    res.statusCode = 404;
    return res.end(JSON.stringify({ code: 20404, message: 'not found', status: 404 }));
  }
  if (auth !== `${SID}:${TOKEN}`) {
    res.statusCode = 401;
    return res.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
  }
  if (form.To === INVALID_TO) {
    res.statusCode = 400;
    return res.end(
      JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }),
    );
  }
  res.statusCode = 201;
  res.end(
    JSON.stringify({
      sid: `SM${String(received.length).padStart(32, '0')}`,
      account_sid: SID,
      to: form.To,
      from: form.From,
      body: form.Body,
      status: 'queued',
      num_segments: '1',
      date_created: new Date().toUTCString(),
    }),
  );
});
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));
const apiBase = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;

const t = await createTestApp({ twilio: { accountSid: SID, authToken: TOKEN, from: FROM, apiBase } });
await ensureCountries(t.db);

describe('SMS through the Twilio SDK (local fake of its API)', () => {
  it('send_sms goes to Twilio with the account’s credentials; the code it carried verifies the member', async () => {
    const m = await createMember(t.db, { country_id: COUNTRIES.usa.id });
    const c = await loggedIn(t, m);
    const res = await c.post('/user/send_sms', { tel: '415-555-0100' });
    expect(res.body.state).toBe(200);
    const sent = received.at(-1)!;
    expect(sent.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(sent.auth).toBe(`${SID}:${TOKEN}`);
    expect(sent.form.To).toBe('+14155550100');
    expect(sent.form.From).toBe(FROM);
    const code = /(\d{6})/.exec(sent.form.Body!)![1];
    // nothing went to the dev outbox
    const outbox = await t.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('channel', '=', 'sms')
      .execute();
    expect(outbox).toEqual([]);
    expect((await c.post('/user/check_sms', { sms_code: code })).body.state).toBe(200);
    expect((await c.get('/user/detail')).body).toMatchObject({ end_sms: '1', tel: '+14155550100' });
  });

  it('a number Twilio refuses: errors.user_id, the code is dropped and the member may retry at once', async () => {
    const m = await createMember(t.db, { country_id: COUNTRIES.usa.id });
    const c = await loggedIn(t, m);
    const res = await c.post('/user/send_sms', { tel: INVALID_TO });
    expect(res.body.state).toBe(400);
    expect(res.body.errors.user_id).toEqual(['The SMS could not be sent. Please check the phone number.']);
    expect(await t.db.selectFrom('sms_codes').selectAll().where('user_id', '=', m.id).execute()).toEqual([]);
    expect((await c.post('/user/send_sms', { tel: '+1 415 555 0199' })).body.state).toBe(200);
  });

  it('the adapter reports wrong credentials as a send error', async () => {
    const provider = twilioSmsProvider({ accountSid: SID, authToken: 'wrong', from: FROM, apiBase });
    await expect(provider.send({ to: '+14155550100', body: 'x', kind: 'test' })).rejects.toMatchObject({
      name: 'Error',
      providerCode: 20003,
    });
  });
});
