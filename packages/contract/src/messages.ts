/**
 * The one message catalogue (spec §8). The server answers field errors and alerts in the member's language
 * from here; the web app uses the same keys for messages it raises itself.
 */
export const messages = {
  // generic field errors
  invalid: { en: 'The value is invalid.', ja: '入力内容が正しくありません。' },
  required: { en: 'This field is required.', ja: '必須項目です。' },
  too_long: { en: 'Please enter at most {max} characters.', ja: '{max}文字以内で入力してください。' },
  unknown_field: { en: 'This field is not accepted.', ja: 'この項目は受け付けていません。' },
  malformed_json: { en: 'The request could not be read.', ja: 'リクエストを読み取れませんでした。' },
  csrf: {
    en: 'Your session has expired. Please reload the page and try again.',
    ja: 'セッションの有効期限が切れました。ページを再読み込みしてもう一度お試しください。',
  },
  not_logged_in: { en: 'Please log in.', ja: 'ログインしてください。' },
  not_found: { en: 'Not found.', ja: '見つかりません。' },
  too_many_requests: {
    en: 'Too many attempts. Please wait {minutes} minutes and try again.',
    ja: '試行回数が多すぎます。{minutes}分ほど待ってから再度お試しください。',
  },
  server_error: {
    en: 'Something went wrong. Please try again later.',
    ja: 'エラーが発生しました。しばらくしてから再度お試しください。',
  },
  maintenance: {
    en: 'The site is under maintenance. Please come back later.',
    ja: 'ただいまメンテナンス中です。しばらくお待ちください。',
  },

  // accounts
  login_failed: {
    en: 'Email address or password do not match.',
    ja: 'メールアドレスまたはパスワードが一致しません。',
  },
  already_registered: {
    en: 'This account is already registered. Please log in and enjoy.',
    ja: 'このアカウントは既に登録されています。ログインしてお楽しみください。',
  },
  mail_invalid: { en: 'Please enter a valid email address.', ja: '正しいメールアドレスを入力してください。' },
  pass_format: {
    en: 'Please use 6 to 20 half-width letters, numbers or symbols.',
    ja: 'パスワードは半角英数字・記号6〜20文字で入力してください。',
  },
  pass_mismatch: { en: 'Does not match password confirmation', ja: 'パスワード（確認）と一致しません' },
  tel_invalid: {
    en: 'Please enter a phone number of 10 to 15 digits.',
    ja: '電話番号は10〜15桁の数字で入力してください。',
  },
  zipcode_invalid: {
    en: 'Please enter a 7-digit postal code.',
    ja: '郵便番号は7桁の数字で入力してください。',
  },
  zipcode_not_found: {
    en: 'No address was found for this postal code.',
    ja: 'この郵便番号に該当する住所が見つかりません。',
  },
  country_invalid: { en: 'Please choose a country.', ja: '国を選択してください。' },
  pref_invalid: { en: 'Please choose a prefecture.', ja: '都道府県を選択してください。' },
  referral_invalid: { en: 'This referral code does not exist.', ja: 'この紹介コードは存在しません。' },
  referral_required: { en: 'Please enter a referral code.', ja: '紹介コードを入力してください。' },
  terms_required: { en: 'Please agree to the terms of service', ja: '利用規約に同意してください' },
  apple_link_failed: {
    en: 'Failed to link with Apple. Please try again.',
    ja: 'Appleとの連携に失敗しました。もう一度お試しください。',
  },
  apple_unlink_retry: {
    en: 'Please remove the link to this site in your Apple ID settings and try again.',
    ja: 'Apple IDの設定からこのサイトとの連携を解除して、もう一度お試しください。',
  },
  login_mismatch: {
    en: 'The account could not be matched. Please log in again.',
    ja: 'アカウントを照合できませんでした。もう一度ログインしてください。',
  },
  shipping_to_japan: {
    en: 'Shipping to Japan not available.',
    ja: '日本国内への発送はできません。',
  },

  // packs (spec §8)
  pack_not_found: { en: 'This pack does not exist.', ja: 'このパックは存在しません。' },
  pack_limit_exceeded: {
    en: 'The purchase count exceeded the limit.',
    ja: '購入回数の上限を超えています。',
  },
  not_enough_gems: { en: 'Not enough gems.', ja: 'ジェムが不足しています。' },
  max_count_exceeded: {
    en: 'The maximum purchase count was exceeded.',
    ja: '最大購入数を超えています。',
  },

  // payments / gems
  grant_failed: {
    en: 'Failed to grant Gems. Please contact the management.',
    ja: 'ジェムの付与に失敗しました。運営にお問い合わせください。',
  },
  payment_unreachable: {
    en: 'Unable to connect to payment company. Please try again later.',
    ja: '決済会社に接続できません。しばらくしてから再度お試しください。',
  },
  payment_failed_other: {
    en: 'Payment failed. Please use other payment methods.',
    ja: '決済に失敗しました。他の決済方法をご利用ください。',
  },

  // draws, won items, shipping (issue 3)
  count_invalid: {
    en: 'Please choose a purchase count of at least 1.',
    ja: '購入数は1以上を選択してください。',
  },
  count_above_remaining: {
    en: 'Only {remaining} left in this pack.',
    ja: 'このパックの残りは{remaining}個です。',
  },
  pack_not_started: { en: 'This pack is not on sale yet.', ja: 'このパックはまだ販売開始前です。' },
  pack_ended: { en: 'The sale of this pack has ended.', ja: 'このパックの販売は終了しました。' },
  pack_sold_out: { en: 'This pack is sold out.', ja: 'このパックは完売しました。' },
  not_enough_coins: { en: 'Not enough coins.', ja: 'コインが不足しています。' },
  too_many_items: { en: 'Too many items at once.', ja: '一度に選択できるアイテム数を超えています。' },
  decision_empty: {
    en: 'Please choose the items to ship or to convert to gems.',
    ja: '発送またはジェムに変換するアイテムを選択してください。',
  },
  decision_duplicate: {
    en: 'An item cannot be both shipped and converted.',
    ja: '同じアイテムを発送と変換の両方に指定することはできません。',
  },
  cannot_convert_ship_only: {
    en: 'This item is shipping only and cannot be converted to gems.',
    ja: 'このアイテムは発送専用のため、ジェムに変換できません。',
  },
  already_decided: {
    en: 'These items have already been decided.',
    ja: 'これらのアイテムは既に選択済みです。',
  },
  address_required: {
    en: 'Please register your shipping address first.',
    ja: '先に配送先住所を登録してください。',
  },
  admin_forbidden: { en: 'Not allowed.', ja: '権限がありません。' },
  shipment_already_shipped: {
    en: 'This shipment has already been shipped.',
    ja: 'この配送は既に発送済みです。',
  },
} as const satisfies Record<string, { en: string; ja: string }>;

export type MessageKey = keyof typeof messages;
export type Lang = 'en' | 'ja';
export const langs: readonly Lang[] = ['en', 'ja'];

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages, key);
}

/** The text of a catalogue key in a language, with `{name}` placeholders filled in. */
export function message(key: MessageKey, lang: Lang, params: Record<string, string | number> = {}): string {
  return messages[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
