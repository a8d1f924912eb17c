import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { recordOutbox } from '../outbox/service.ts';

/** One SMS to an E.164 number. `code` and `kind` are for the dev outbox only; providers send `body`. */
export interface SmsMessage {
  to: string;
  body: string;
  kind: string;
  code?: string | null;
  userId?: number | null;
}

/** The provider refused or could not be reached; nothing was sent. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly providerCode?: number | string,
  ) {
    super(message);
  }
}

export interface SmsProvider {
  readonly name: 'outbox' | 'twilio';
  /** Resolves with the provider's message id once the provider accepted the message. */
  send(msg: SmsMessage): Promise<string>;
}

/** Development: the message goes to the dev outbox table (/dev/outbox). */
export function outboxSmsProvider(db: Db): SmsProvider {
  return {
    name: 'outbox',
    async send(msg) {
      await recordOutbox(db, {
        channel: 'sms',
        to: msg.to,
        body: msg.body,
        code: msg.code ?? null,
        kind: msg.kind,
        userId: msg.userId ?? null,
      });
      return 'outbox';
    },
  };
}

/**
 * Twilio's own RequestClient, re-aimed at another base URL (scheme, host and port) while keeping every path,
 * header and the Basic authentication the SDK builds. The SDK's `edge`/`region` options only change the
 * hostname within twilio.com, so this override is how tests reach a local fake of the REST API
 * (TWILIO_API_BASE); with the default base it changes nothing.
 */
export class BaseUrlRequestClient extends twilio.RequestClient {
  private readonly base: URL;

  constructor(base: string, opts?: RequestClient.RequestClientOptions) {
    super(opts);
    this.base = new URL(base);
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = new URL(opts.uri);
    if (uri.hostname.endsWith('.twilio.com') && !this.base.hostname.endsWith('twilio.com')) {
      uri.protocol = this.base.protocol;
      uri.host = this.base.host;
    }
    return super.request<TData>({ ...opts, uri: uri.href });
  }
}

/** Production SMS through the official Twilio SDK (Programmable Messaging). */
export function twilioSmsProvider(cfg: Config['twilio']): SmsProvider {
  const client = twilio(cfg.accountSid, cfg.authToken, {
    httpClient: new BaseUrlRequestClient(cfg.apiBase, { timeout: 10_000 }),
    autoRetry: false,
  });
  return {
    name: 'twilio',
    async send(msg) {
      try {
        const sent = await client.messages.create({ to: msg.to, from: cfg.from, body: msg.body });
        return sent.sid;
      } catch (err) {
        const e = err as { message?: string; code?: number | string; status?: number };
        throw new SmsSendError(e.message ?? 'twilio send failed', e.code ?? e.status);
      }
    },
  };
}

export const twilioConfigured = (cfg: Config['twilio']) => !!(cfg.accountSid && cfg.authToken && cfg.from);

const providers = new WeakMap<Db, SmsProvider>();

/** The SMS provider of a database (one per app): Twilio when configured, otherwise the dev outbox. */
export function smsProviderFor(deps: { config: Pick<Config, 'twilio'>; db: Db }): SmsProvider {
  let p = providers.get(deps.db);
  if (!p) {
    p = twilioConfigured(deps.config.twilio)
      ? twilioSmsProvider(deps.config.twilio)
      : outboxSmsProvider(deps.db);
    providers.set(deps.db, p);
  }
  return p;
}
