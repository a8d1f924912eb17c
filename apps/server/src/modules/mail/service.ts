import nodemailer, { type Transporter } from 'nodemailer';
import type { Lang } from '@gacha/contract/messages';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { recordOutbox } from '../outbox/service.ts';
import { composeMail, type MailKind, type MailParams } from './templates.ts';

export { composeMail, composeSmsCode, formatDeadline, langOf, type MailKind } from './templates.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Template kind, kept in the dev outbox. */
  kind: MailKind | string;
  /** The one-time code or temporary password the mail carries (shown by the dev outbox). */
  code?: string | null;
  userId?: number | null;
}

export interface MailLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  /** Delivers now; rejects when the SMTP server refuses. */
  send(msg: MailMessage): Promise<void>;
  /**
   * Delivers without making the caller wait (the answer of a request must not reveal, by its timing, whether
   * a mail was sent). Failures are logged. `idle()` waits for every delivery in flight.
   */
  sendLater(msg: MailMessage): void;
  idle(): Promise<void>;
  close(): void;
}

const consoleLog: MailLog = {
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

/**
 * Email: nodemailer over SMTP when MAIL_URL is set, otherwise the dev outbox table (shown by /dev/outbox
 * outside production).
 */
export function createMailer(deps: {
  config: Pick<Config, 'mailUrl' | 'mailFrom'>;
  db: Db;
  log?: MailLog;
}): Mailer {
  const log = deps.log ?? consoleLog;
  const smtp: Transporter | null = deps.config.mailUrl
    ? nodemailer.createTransport(deps.config.mailUrl)
    : null;
  const inFlight = new Set<Promise<void>>();

  async function send(msg: MailMessage): Promise<void> {
    if (smtp) {
      await smtp.sendMail({ from: deps.config.mailFrom, to: msg.to, subject: msg.subject, text: msg.text });
      return;
    }
    await recordOutbox(deps.db, {
      channel: 'email',
      to: msg.to,
      subject: msg.subject,
      body: msg.text,
      code: msg.code ?? null,
      kind: msg.kind,
      userId: msg.userId ?? null,
    });
  }

  return {
    transport: smtp ? 'smtp' : 'outbox',
    send,
    sendLater(msg) {
      const p = send(msg)
        .catch((err: unknown) => log.error({ err, kind: msg.kind }, 'mail delivery failed'))
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    },
    async idle() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    close() {
      smtp?.close();
    },
  };
}

const mailers = new WeakMap<Db, Mailer>();

/** The mailer of a database (one per app, shared by its routes and jobs). */
export function mailerFor(deps: {
  config: Pick<Config, 'mailUrl' | 'mailFrom'>;
  db: Db;
  log?: MailLog;
}): Mailer {
  let mailer = mailers.get(deps.db);
  if (!mailer) {
    mailer = createMailer(deps);
    mailers.set(deps.db, mailer);
  }
  return mailer;
}

/** A templated mail to a member, in the member's language. */
export function memberMail<K extends MailKind>(
  to: { id: number; mail: string; lang: Lang },
  kind: K,
  params: MailParams<K>,
  code?: string,
): MailMessage {
  return { to: to.mail, kind, ...composeMail(kind, to.lang, params), code: code ?? null, userId: to.id };
}
