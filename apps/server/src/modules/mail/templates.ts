import type { Lang } from '@gacha/contract/messages';
import { formatJst } from '../../db/time.ts';
import { text } from '../../i18n/texts.ts';

/**
 * Every email and SMS the server sends, in English and Japanese: their texts are the namespace `mail` of the
 * server's texts (locales/<lang>/mail.json). The member's language (`users.lang`) picks one; plain text only, so
 * nothing in them can be interpreted as markup.
 */

export interface Composed {
  subject: string;
  text: string;
}

type Templates = {
  reset_code: { code: string; minutes: number };
  temp_password: { password: string };
  password_changed: Record<string, never>;
  inactivity_notice: { deadline: string; gems: number };
  bank_transfer: {
    amount: number;
    gems: number;
    /** The member's transfer name (katakana) the transfer must carry. */
    holderName: string;
    /** 'YYYY-MM-DD HH:mm', Japan time. */
    deadline: string;
    paymentId: string;
    /** The account to transfer to; null when the provider gave none (then `instructionsUrl`, if any). */
    account: { bank: string; branch: string; accountType: string; number: string; name: string } | null;
    instructionsUrl: string | null;
  };
  shipment_shipped: {
    shipmentId: number;
    items: number;
    trackingCode: string;
    /** The carrier's name in the member's language; null when staff gave none. */
    carrier: string | null;
  };
};

export type MailKind = keyof Templates;
export type MailParams<K extends MailKind> = Templates[K];

type Params = Record<string, string | number>;

const number = (n: number, lang: Lang) => n.toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-US');

/** The values each mail's text is filled with. */
const values: { [K in MailKind]: (lang: Lang, p: Templates[K]) => Params } = {
  reset_code: (_lang, p) => p,
  temp_password: (_lang, p) => p,
  password_changed: () => ({}),
  inactivity_notice: (lang, p) => ({ deadline: p.deadline, gems: number(p.gems, lang) }),
  shipment_shipped: (lang, p) => ({
    items: p.items,
    shipmentId: p.shipmentId,
    trackingCode: p.trackingCode,
    carrierLine: p.carrier ? text('mail', 'shipment_shipped.carrierLine', lang, { carrier: p.carrier }) : '',
  }),
  bank_transfer: bankTransferValues,
};

/** The remittance details of a pending bank transfer (spec §9: pay within 3 days). */
function bankTransferValues(lang: Lang, p: Templates['bank_transfer']): Params {
  const label = (key: 'bank' | 'branch' | 'accountType' | 'accountNumber' | 'accountHolder') =>
    text('mail', `bank_transfer.${key}`, lang);
  const rows: [string, string][] = [];
  if (p.account)
    rows.push(
      [label('bank'), p.account.bank],
      [label('branch'), p.account.branch],
      [label('accountType'), p.account.accountType],
      [label('accountNumber'), p.account.number],
      [label('accountHolder'), p.account.name],
    );
  rows.push(
    [text('mail', 'bank_transfer.amount', lang), `¥${number(p.amount, lang)}`],
    [text('mail', 'bank_transfer.transferName', lang), p.holderName],
    [
      text('mail', 'bank_transfer.payBy', lang),
      text('mail', 'bank_transfer.payByValue', lang, { deadline: p.deadline }),
    ],
    [text('mail', 'bank_transfer.reference', lang), p.paymentId],
  );
  const table = rows
    .map(([label, value]) => text('mail', 'bank_transfer.row', lang, { label, value }))
    .join('\n');
  const where =
    p.account || !p.instructionsUrl
      ? ''
      : text('mail', 'bank_transfer.instructions', lang, { url: p.instructionsUrl });
  return { gems: number(p.gems, lang), table, where };
}

export function composeMail<K extends MailKind>(kind: K, lang: Lang, params: Templates[K]): Composed {
  const site = text('mail', 'siteName', lang);
  const mail: MailKind = kind;
  return {
    subject: text('mail', `${mail}.subject`, lang, { site }),
    text:
      text('mail', `${mail}.text`, lang, values[kind](lang, params)) + text('mail', 'footer', lang, { site }),
  };
}

export function composeSmsCode(lang: Lang, code: string, minutes: number): string {
  return text('mail', 'smsCode', lang, { site: text('mail', 'siteName', lang), code, minutes });
}

/** '2026-12-20 12:00' in Japan time. */
export function formatDeadline(iso: string): string {
  return formatJst(iso).slice(0, 16);
}

/** The member's language as stored ('en' unless 'ja'). */
export const langOf = (lang: string | null | undefined): Lang => (lang === 'ja' ? 'ja' : 'en');
