import type { Lang } from '@gacha/contract/messages';
import { formatJst } from '../../db/time.ts';

/**
 * Texts of every email and SMS the server sends, in English and Japanese. The member's language
 * (`users.lang`) picks one; plain text only, so nothing in them can be interpreted as markup.
 */

export const SITE_NAME = { en: 'Gacha Gems', ja: 'ガチャジェム' } as const;

export interface Composed {
  subject: string;
  text: string;
}

const footer = {
  en: `\n\n--\n${SITE_NAME.en}\nThis is an automatic message; replies are not read.`,
  ja: `\n\n--\n${SITE_NAME.ja}\nこのメールは送信専用です。返信いただいても対応できません。`,
};

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

const mails: { [K in MailKind]: Record<Lang, (p: Templates[K]) => Composed> } = {
  reset_code: {
    en: ({ code, minutes }) => ({
      subject: `[${SITE_NAME.en}] Your verification code`,
      text:
        `Your verification code for reissuing your password:\n\n    ${code}\n\n` +
        `Enter it on the password reissue page. It is valid for ${minutes} minutes and can be used once.\n` +
        `If you did not ask for this, you can ignore this email; your password stays as it is.`,
    }),
    ja: ({ code, minutes }) => ({
      subject: `【${SITE_NAME.ja}】認証コードのお知らせ`,
      text:
        `パスワード再発行の認証コードです。\n\n    ${code}\n\n` +
        `パスワード再発行ページで入力してください。有効期限は${minutes}分、1回のみ使用できます。\n` +
        `お心当たりのない場合はこのメールを破棄してください。パスワードは変更されません。`,
    }),
  },
  temp_password: {
    en: ({ password }) => ({
      subject: `[${SITE_NAME.en}] Your temporary password`,
      text:
        `Your password has been reset. Your temporary password:\n\n    ${password}\n\n` +
        `Log in with it, then set a new password under My page > Registration info > Password change.\n` +
        `Every other login of your account has been ended.`,
    }),
    ja: ({ password }) => ({
      subject: `【${SITE_NAME.ja}】仮パスワードのお知らせ`,
      text:
        `パスワードを再発行しました。仮パスワード：\n\n    ${password}\n\n` +
        `このパスワードでログインし、マイページ＞登録情報＞パスワード変更から新しいパスワードを設定してください。\n` +
        `他の端末でのログインはすべて解除されました。`,
    }),
  },
  password_changed: {
    en: () => ({
      subject: `[${SITE_NAME.en}] Your password was changed`,
      text:
        `The password of your account has just been changed and your other logins were ended.\n` +
        `If this was not you, reissue your password from the login page and contact us.`,
    }),
    ja: () => ({
      subject: `【${SITE_NAME.ja}】パスワード変更のお知らせ`,
      text:
        `アカウントのパスワードが変更され、他の端末でのログインは解除されました。\n` +
        `お心当たりのない場合は、ログインページからパスワードを再発行し、お問い合わせください。`,
    }),
  },
  inactivity_notice: {
    en: ({ deadline, gems }) => ({
      subject: `[${SITE_NAME.en}] Your account will be deleted for inactivity`,
      text:
        `Your account has not used any gems for 6 months.\n` +
        `As our terms of service say, an account with no gem use for 6 months may be deleted. If there is still ` +
        `no gem use by ${deadline} (Japan time), your account will be deleted and its gems ` +
        `(${gems.toLocaleString('en-US')} now) will be voided.\n` +
        `To keep your account, log in and use gems before then.`,
    }),
    ja: ({ deadline, gems }) => ({
      subject: `【${SITE_NAME.ja}】アカウント削除のお知らせ`,
      text:
        `お客様のアカウントは6か月間ジェムのご利用がありません。\n` +
        `利用規約に基づき、${deadline}（日本時間）までにジェムのご利用がない場合、アカウントを削除し、` +
        `保有ジェム（現在${gems.toLocaleString('ja-JP')}ジェム）は失効します。\n` +
        `アカウントを継続される場合は、期限までにログインしてジェムをご利用ください。`,
    }),
  },
  shipment_shipped: {
    en: (p) => ({
      subject: `[${SITE_NAME.en}] Your items have been shipped`,
      text:
        `Your items (${p.items} in shipment #${p.shipmentId}) have been shipped from Japan.\n\n` +
        (p.carrier ? `    Carrier: ${p.carrier}\n` : '') +
        `    Tracking code: ${p.trackingCode}\n\n` +
        `You can also find the tracking code under My page > Purchase history.\n` +
        `Customs duties, import taxes and fees of your country, if any, are paid by the recipient on delivery.`,
    }),
    ja: (p) => ({
      subject: `【${SITE_NAME.ja}】アイテムを発送しました`,
      text:
        `ご依頼のアイテム（配送番号${p.shipmentId}、${p.items}点）を日本から発送しました。\n\n` +
        (p.carrier ? `    配送業者：${p.carrier}\n` : '') +
        `    追跡番号：${p.trackingCode}\n\n` +
        `追跡番号はマイページ＞購入履歴でもご確認いただけます。\n` +
        `お届け先の国で関税・輸入税・手数料がかかる場合は、受取人のご負担となります。`,
    }),
  },
  bank_transfer: {
    en: (p) => ({
      subject: `[${SITE_NAME.en}] Bank transfer details for your gem purchase`,
      text: bankTransferText('en', p),
    }),
    ja: (p) => ({
      subject: `【${SITE_NAME.ja}】銀行振込のお振込み先のご案内`,
      text: bankTransferText('ja', p),
    }),
  },
};

/** The remittance details of a pending bank transfer (spec §9: pay within 3 days). */
function bankTransferText(lang: Lang, p: Templates['bank_transfer']): string {
  const ja = lang === 'ja';
  const rows: [string, string][] = [];
  if (p.account)
    rows.push(
      [ja ? '銀行名' : 'Bank', p.account.bank],
      [ja ? '支店名' : 'Branch', p.account.branch],
      [ja ? '口座種別' : 'Account type', p.account.accountType],
      [ja ? '口座番号' : 'Account number', p.account.number],
      [ja ? '口座名義' : 'Account holder', p.account.name],
    );
  rows.push(
    [ja ? '振込金額' : 'Amount', `¥${p.amount.toLocaleString(ja ? 'ja-JP' : 'en-US')}`],
    [ja ? '振込名義' : 'Transfer name', p.holderName],
    [ja ? '振込期限' : 'Pay by', `${p.deadline}${ja ? '（日本時間）' : ' (Japan time)'}`],
    [ja ? '受付番号' : 'Reference', p.paymentId],
  );
  const table = rows.map(([k, v]) => `    ${k}${ja ? '：' : ': '}${v}`).join('\n');
  const where =
    p.account || !p.instructionsUrl
      ? ''
      : ja
        ? `\n振込先口座は次のページでご確認ください：\n    ${p.instructionsUrl}\n`
        : `\nThe account to transfer to is shown on this page:\n    ${p.instructionsUrl}\n`;
  return ja
    ? `銀行振込でのジェム購入（${p.gems.toLocaleString('ja-JP')}ジェム）を受け付けました。\n` +
        `3日以内に、下記の振込名義で金額ちょうどをお振込みください。\n\n${table}\n${where}\n` +
        `振込名義と金額で入金を確認し、確認後にジェムを付与します。期限までにお振込みがない場合、` +
        `このお申し込みは自動的にキャンセルされます。平日10時〜18時以外のお振込みは、翌営業日以降の反映となります。`
    : `We have received your order of ${p.gems.toLocaleString('en-US')} gems by bank transfer.\n` +
        `Please transfer the exact amount within 3 days, in the transfer name below.\n\n${table}\n${where}\n` +
        `We match the transfer by its name and amount and add your gems once it is confirmed. If no transfer ` +
        `arrives by the deadline, the order is cancelled automatically. Transfers outside weekdays 10:00–18:00 ` +
        `are credited on the next business day at the earliest.`;
}

export function composeMail<K extends MailKind>(kind: K, lang: Lang, params: Templates[K]): Composed {
  const composed = mails[kind][lang](params);
  return { subject: composed.subject, text: composed.text + footer[lang] };
}

export function composeSmsCode(lang: Lang, code: string, minutes: number): string {
  return lang === 'ja'
    ? `【${SITE_NAME.ja}】認証コード：${code}（${minutes}分間有効）。このコードを他人に教えないでください。`
    : `[${SITE_NAME.en}] Your verification code is ${code} (valid ${minutes} minutes). Never share it.`;
}

/** '2026-12-20 12:00' in Japan time. */
export function formatDeadline(iso: string): string {
  return formatJst(iso).slice(0, 16);
}

/** The member's language as stored ('en' unless 'ja'). */
export const langOf = (lang: string | null | undefined): Lang => (lang === 'ja' ? 'ja' : 'en');
