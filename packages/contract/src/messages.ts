/**
 * The one message catalogue (spec §8). The server answers field errors and alerts in the member's language
 * from here; the web app uses the same keys for messages it raises itself.
 */
export const messages = {
  // generic field errors
  invalid: { en: 'The value is invalid.', ja: '入力内容が正しくありません。' },
  required: { en: 'This field is required.', ja: '必須項目です。' },
  too_long: { en: 'Please enter at most {max} characters.', ja: '{max}文字以内で入力してください。' },
  invalid_characters: {
    en: 'This contains characters that cannot be used (control characters).',
    ja: '使用できない文字（制御文字など）が含まれています。',
  },
  unknown_field: { en: 'This field is not accepted.', ja: 'この項目は受け付けていません。' },
  malformed_json: { en: 'The request could not be read.', ja: 'リクエストを読み取れませんでした。' },
  page_invalid: {
    en: 'The page must be a whole number such as 1 or 2.',
    ja: 'ページは 1、2 などの数字で指定してください。',
  },
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
  current_pass_wrong: {
    en: 'Your current password is not correct.',
    ja: '現在のパスワードが正しくありません。',
  },
  reauth_required: {
    en: 'For your security, please log in again, then set your password within 10 minutes.',
    ja: '安全のため、もう一度ログインしてから10分以内にパスワードを設定してください。',
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
  payment_failed_card: {
    en: 'Payment failed. Please check your card details or contact your card company.',
    ja: '決済に失敗しました。カード情報をご確認いただくか、カード会社にお問い合わせください。',
  },
  payment_maintenance: {
    en: 'The payment system is under maintenance. Please try again later.',
    ja: '決済システムのメンテナンス中です。しばらくしてから再度お試しください。',
  },
  payment_communication: {
    en: 'A communication error occurred with the payment company. Please try again.',
    ja: '決済会社との通信エラーが発生しました。もう一度お試しください。',
  },
  payment_error_other: {
    en: 'A payment error occurred. Please contact the management.',
    ja: '決済エラーが発生しました。運営にお問い合わせください。',
  },
  payment_invalid_input: {
    en: 'The payment details are invalid. Please check your input.',
    ja: '決済情報の入力内容が正しくありません。ご確認ください。',
  },
  payment_failed_amazon: {
    en: 'Amazon Pay payment failed. Please use other payment methods.',
    ja: 'Amazon Payでの決済に失敗しました。他の決済方法をご利用ください。',
  },
  payment_failed_paypal: {
    en: 'PayPal payment failed. Please use other payment methods.',
    ja: 'PayPalでの決済に失敗しました。他の決済方法をご利用ください。',
  },
  payment_failed_unionpay: {
    en: 'UnionPay payment failed. Please use other payment methods.',
    ja: '銀聯カードでの決済に失敗しました。他の決済方法をご利用ください。',
  },
  payment_failed_alipay: {
    en: 'Alipay payment failed. Please use other payment methods.',
    ja: 'Alipayでの決済に失敗しました。他の決済方法をご利用ください。',
  },
  payment_failed_carrier: {
    en: 'Carrier billing failed. Please use other payment methods.',
    ja: 'キャリア決済に失敗しました。他の決済方法をご利用ください。',
  },
  payment_card_status: {
    en: 'The card status check failed. Please use another card or contact your card company.',
    ja: 'カードの状態確認に失敗しました。別のカードをご利用いただくか、カード会社にお問い合わせください。',
  },
  card_check_failed: {
    en: 'The card information could not be verified. Please enter it again.',
    ja: 'カード情報を確認できませんでした。もう一度入力してください。',
  },
  card_number_invalid: { en: 'Card number is invalid', ja: 'カード番号が正しくありません' },
  card_expire_invalid: { en: 'Expiration date is invalid', ja: '有効期限が正しくありません' },
  card_cvc_invalid: { en: 'Security code is invalid', ja: 'セキュリティコードが正しくありません' },
  card_holder_invalid: { en: 'Cardholder name is invalid', ja: 'カード名義人が正しくありません' },
  card_invalid: { en: 'Card information is invalid', ja: 'カード情報が正しくありません' },
  card_maintenance: {
    en: 'Card payment is under maintenance. Please try again later.',
    ja: 'カード決済はメンテナンス中です。しばらくしてから再度お試しください。',
  },
  card_communication: {
    en: 'A communication error occurred. Please try again.',
    ja: '通信エラーが発生しました。もう一度お試しください。',
  },
  pay_method_unavailable: {
    en: 'This payment method is not available.',
    ja: 'この決済方法はご利用いただけません。',
  },
  point_price_not_found: { en: 'This gem course does not exist.', ja: 'このジェムのコースは存在しません。' },
  point_out_of_range: {
    en: 'Gems per purchase must be between 300 and 50,000.',
    ja: '1回の購入は300〜50,000ジェムの範囲でお願いします。',
  },
  payment_not_found: { en: 'This payment does not exist.', ja: 'この決済は存在しません。' },
  // the console's payments
  payment_not_refundable: {
    en: 'Only a completed (credited) payment can be refunded.',
    ja: '返金できるのは完了（付与済み）の決済のみです。',
  },
  refund_nothing_unspent: {
    en: 'All gems of this purchase are spent or expired: nothing is refunded for this reason.',
    ja: 'この購入のジェムはすべて使用済みまたは失効済みのため、この理由では返金額がありません。',
  },
  payment_not_bank_transfer: {
    en: 'This payment is not a bank transfer.',
    ja: 'この決済は銀行振込ではありません。',
  },
  payment_not_pending: {
    en: 'This payment is no longer waiting for its transfer ({status}).',
    ja: 'この決済は入金待ちではありません（{status}）。',
  },
  payment_already_credited: {
    en: 'This payment has already been credited.',
    ja: 'この決済はすでにジェム付与済みです。',
  },
  payment_member_mismatch: {
    en: 'This payment belongs to another member.',
    ja: 'この決済は別の会員のものです。',
  },
  payment_amount_mismatch: {
    en: 'The amount does not match this payment (¥{amount}).',
    ja: '金額がこの決済（¥{amount}）と一致しません。',
  },
  payment_pending: {
    en: 'The payment has not been completed yet.',
    ja: 'お支払いはまだ完了していません。',
  },
  bank_name_katakana: {
    en: 'Please enter the account holder name in full-width katakana.',
    ja: '振込名義は全角カタカナで入力してください。',
  },
  buy_from_japan: {
    en: 'Shipping to Japan is not available, so please do not make a deposit.',
    ja: '日本国内への発送はできないため、ご入金はお控えください。',
  },
  gem_memo_purchase: { en: 'Gem purchase', ja: 'ジェム購入' },
  gem_memo_refund: { en: 'Purchase refunded', ja: '購入の返金' },
  gem_memo_free_grant: { en: 'Free gems', ja: '無料ジェム付与' },
  gem_memo_pack: { en: 'Pack purchase', ja: 'パック購入' },
  gem_memo_conversion: { en: 'Converted from items', ja: 'アイテムのジェム変換' },
  gem_memo_auto_conversion: { en: 'Converted automatically', ja: 'アイテムの自動ジェム変換' },
  gem_memo_expired: { en: 'Expired', ja: '有効期限切れ' },
  gem_memo_referral: { en: 'Referral reward', ja: '紹介特典' },
  gem_memo_post_reward: { en: 'Board post reward', ja: '掲示板投稿特典' },
  gem_memo_coupon: { en: 'Coupon', ja: 'クーポン' },
  gem_memo_transfer: { en: 'Point transfer', ja: 'ポイント移行' },
  gem_memo_voided: { en: 'Voided (inactive account)', ja: '失効（長期未利用）' },
  gem_memo_admin: { en: 'Granted by the management', ja: '運営からの付与' },
  gem_memo_admin_deduction: { en: 'Adjusted by the management', ja: '運営による調整' },
  gem_memo_other: { en: 'Other', ja: 'その他' },

  // draws, won items, shipping
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
  pack_paused: {
    en: 'Sales of this pack are paused for a moment. Please try again later.',
    ja: 'このパックの販売は一時停止中です。しばらくしてから再度お試しください。',
  },
  pack_sold_out: { en: 'This pack is sold out.', ja: 'このパックは完売しました。' },
  // fairness members can see
  practice_count_invalid: {
    en: 'A practice draw shows 1 to 10 plays.',
    ja: '練習ガチャは1〜10回分まで引けます。',
  },
  practice_limit: {
    en: 'You have used this hour’s practice draws. Please try again in {minutes} minutes.',
    ja: '1時間あたりの練習ガチャの上限に達しました。{minutes}分後に再度お試しください。',
  },
  practice_sold_out: {
    en: 'Nothing is left in this pack to practise with.',
    ja: 'このパックには練習で引ける残りがありません。',
  },
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
  shipment_not_shipped: {
    en: 'This batch is not shipped yet: mark it shipped with its tracking code.',
    ja: 'この配送はまだ発送済みではありません。追跡番号を入れて発送済みにしてください。',
  },
  shipment_already_shipped: {
    en: 'This shipment has already been shipped.',
    ja: 'この配送は既に発送済みです。',
  },
  // the console's shipping: the CSV of tracking codes, reported per line
  shipment_not_found: { en: 'There is no such shipment.', ja: 'この配送はありません。' },
  csv_import_refused: {
    en: 'Nothing was marked shipped: correct the lines with an error and upload the file again.',
    ja: '発送済みにはしていません。エラーの行を修正して、もう一度アップロードしてください。',
  },
  csv_unreadable: {
    en: 'The file could not be read as CSV text (UTF-8).',
    ja: 'ファイルをCSV（UTF-8）として読み取れませんでした。',
  },
  csv_empty: { en: 'The file has no lines to import.', ja: '取り込む行がありません。' },
  csv_too_many_lines: {
    en: 'At most {max} lines per file.',
    ja: '1ファイル{max}行までです。',
  },
  csv_columns: {
    en: 'A line needs 3 columns: shipment id, carrier, tracking code.',
    ja: '1行に3列（配送ID、配送業者、追跡番号）が必要です。',
  },
  csv_shipment_id: { en: 'The shipment id must be a number.', ja: '配送IDは数字で入力してください。' },
  carrier_unknown: {
    en: 'Unknown carrier (use one of: {carriers}).',
    ja: '配送業者が正しくありません（{carriers}のいずれか）。',
  },
  tracking_code_invalid: {
    en: 'The tracking code must be 1 to 100 letters, digits or signs.',
    ja: '追跡番号は英数字・記号で1〜100文字にしてください。',
  },
  csv_duplicate_shipment: {
    en: 'This shipment is also on line {line}.',
    ja: 'この配送は{line}行目にもあります。',
  },
  csv_duplicate_code: {
    en: 'This tracking code is also on line {line}.',
    ja: 'この追跡番号は{line}行目にもあります。',
  },
  // the console's cards by CSV
  card_import_refused: {
    en: 'Nothing was imported: correct the lines with an error and check the file again.',
    ja: '取り込んでいません。エラーの行を修正して、もう一度ファイルを確認してください。',
  },
  csv_card_header: {
    en: 'The first line must name the columns; missing: {columns}.',
    ja: '1行目に列名が必要です。足りない列：{columns}',
  },
  csv_card_id: {
    en: 'The id must be the number of an existing card, or empty for a new card.',
    ja: 'IDは既存のカードの番号にするか、新しいカードなら空欄にしてください。',
  },
  csv_duplicate_card: { en: 'This card is also on line {line}.', ja: 'このカードは{line}行目にもあります。' },
  csv_card_exists: {
    en: 'This card is already in the catalogue as #{id}: put {id} in the id column to change it.',
    ja: 'このカードは登録済みです（#{id}）。変更するにはid列に{id}を入れてください。',
  },
  number_range: {
    en: 'Enter a whole number from {min} to {max}.',
    ja: '{min}から{max}までの整数で入力してください。',
  },
  number_min: { en: 'Enter a whole number of at least {min}.', ja: '{min}以上の整数で入力してください。' },
  // drafts deleted in the console
  pack_delete_published: {
    en: 'A published pack cannot be deleted: its lots and sales are on record. End its sale instead.',
    ja: '公開済みのパックは削除できません（くじと販売の記録が残ります）。販売を終了してください。',
  },
  card_delete_in_use: {
    en: 'This card is a prize of a pack, in members’ items or at the exchange counter: it cannot be deleted.',
    ja: 'このカードはパックの賞品・会員の獲得アイテム・交換所のいずれかで使われているため削除できません。',
  },
  coupon_delete_used: {
    en: 'Members have used this coupon, so it cannot be deleted: disable it instead.',
    ja: 'このクーポンは会員が使用済みのため削除できません。無効にしてください。',
  },
  // the console's money pages
  date_invalid: { en: 'Enter a date as YYYY-MM-DD.', ja: '日付はYYYY-MM-DDの形で入力してください。' },
  date_range_reversed: {
    en: 'The first day must not come after the last.',
    ja: '開始日は終了日より前にしてください。',
  },
  date_range_too_long: {
    en: 'Choose at most {max} days at a time.',
    ja: '一度に選べるのは{max}日までです。',
  },
  prepaid_base_date: {
    en: 'The base dates are 31 March and 30 September.',
    ja: '基準日は3月31日と9月30日です。',
  },
  // staff accounts in the console
  staff_exists: {
    en: 'There is a staff account with this email already.',
    ja: 'このメールアドレスのスタッフは登録済みです。',
  },
  staff_not_found: { en: 'There is no such staff account.', ja: 'このスタッフアカウントはありません。' },
  staff_last_owner: {
    en: 'The shop needs at least one owner who can sign in: make another owner first.',
    ja: 'サインインできるオーナーが最低1人必要です。先に別のオーナーを作ってください。',
  },
  staff_not_yourself: {
    en: 'You cannot disable your own account or change your own role.',
    ja: '自分のアカウントの無効化や役割の変更はできません。',
  },
  // member account: password reissue, SMS, referrals, coupons, Google/Apple sign-in
  reset_code_invalid: {
    en: 'The verification code is wrong or no longer valid. Please request a new code.',
    ja: '認証コードが正しくないか、有効期限が切れています。もう一度コードを発行してください。',
  },
  reset_code_sent: {
    en: 'If this address is registered, a verification code has been sent to it.',
    ja: 'ご登録のメールアドレスであれば、認証コードを送信しました。',
  },
  temp_password_sent: {
    en: 'A temporary password has been sent to your email address.',
    ja: '仮パスワードをメールアドレスに送信しました。',
  },
  password_changed: { en: 'Your password has been changed.', ja: 'パスワードを変更しました。' },
  sms_already_done: { en: "It's already done.", ja: 'すでに認証済みです。' },
  sms_sent: { en: 'Please enter the code sent by SMS', ja: 'SMSで送信されたコードを入力してください' },
  sms_completed: { en: 'sms authentication completed', ja: 'SMS認証が完了しました' },
  sms_code_format: { en: 'Please enter the 6-digit code.', ja: '6桁のコードを入力してください。' },
  sms_code_invalid: {
    en: 'The code is wrong. Please check it and try again.',
    ja: 'コードが正しくありません。確認してもう一度入力してください。',
  },
  sms_code_expired: {
    en: 'The code is no longer valid. Please send a new code.',
    ja: 'コードの有効期限が切れています。新しいコードを送信してください。',
  },
  sms_wait: {
    en: 'Please wait {seconds} seconds before sending another code.',
    ja: '{seconds}秒後にもう一度コードを送信してください。',
  },
  sms_phone_taken: {
    en: 'This phone number is already verified for another account.',
    ja: 'この電話番号は別のアカウントで認証済みです。',
  },
  sms_tel_country_code: {
    en: 'Please enter the number with its country code, e.g. +81 90 1234 5678.',
    ja: '国番号を付けて入力してください（例：+81 90 1234 5678）。',
  },
  sms_send_failed: {
    en: 'The SMS could not be sent. Please check the phone number.',
    ja: 'SMSを送信できませんでした。電話番号をご確認ください。',
  },
  referral_self: {
    en: 'You cannot use your own referral code.',
    ja: 'ご自身の紹介コードは使用できません。',
  },
  referral_already_set: {
    en: 'A referral code has already been registered.',
    ja: '紹介コードはすでに登録されています。',
  },
  referral_completed: { en: 'Referral code completed', ja: '紹介コードの登録が完了しました' },
  referral_copied: { en: 'Referral Code copied', ja: '紹介コードをコピーしました' },
  coupon_invalid: { en: 'This coupon code is not valid.', ja: 'このクーポンコードは無効です。' },
  coupon_not_started: {
    en: 'This coupon cannot be used yet.',
    ja: 'このクーポンはまだご利用いただけません。',
  },
  coupon_expired: { en: 'This coupon has expired.', ja: 'このクーポンは有効期限が切れています。' },
  coupon_already_used: {
    en: 'You have already used this coupon.',
    ja: 'このクーポンはすでにご利用済みです。',
  },
  coupon_limit_reached: {
    en: 'This coupon has reached its usage limit.',
    ja: 'このクーポンは利用上限に達しました。',
  },
  social_not_registered: {
    en: 'No account is registered for this sign-in yet. Please register first.',
    ja: 'このアカウントはまだ登録されていません。先に会員登録をしてください。',
  },
  personal_info_contact: {
    en: 'Please contact us to change your personal information',
    ja: '個人情報の変更はお問い合わせください',
  },
  country_later_note: {
    en: 'You can enter this information when you choose to ship for the first time.',
    ja: '初めて発送を選択する際に入力できます。',
  },
  setup_complete: { en: 'Setup complete', ja: '設定が完了しました' },
  // ranks, coins, the exchange counter, point transfer
  coin_short: { en: 'Not enough coins', ja: 'コインが不足しています' },
  rank_not_eligible: {
    en: 'Your rank cannot be maintained: this month’s spend already keeps it, or your rank has no maintenance.',
    ja: 'ランク維持の対象ではありません（今月の利用額でランクが維持されるか、維持できないランクです）。',
  },
  rank_already_maintained: {
    en: 'Your rank for next month is already maintained.',
    ja: '来月のランクはすでに維持されています。',
  },
  rank_mismatch: {
    en: 'Your rank has changed. Please reload the page and try again.',
    ja: 'ランク情報が更新されました。ページを再読み込みしてもう一度お試しください。',
  },
  coin_memo_earned: { en: 'Earned on {pack}', ja: '{pack}の購入で獲得' },
  coin_memo_coin_pack: { en: '{pack} (coin gacha)', ja: '{pack}（コインガチャ）' },
  coin_memo_exchange: { en: 'Exchange: {card}', ja: '交換：{card}' },
  coin_memo_rank: { en: 'Rank {rank} kept for {month}', ja: '{month}の{rank}ランク維持' },
  coin_memo_admin: { en: 'Granted by the shop', ja: '運営より付与' },
  coin_memo_admin_deduction: { en: 'Adjusted by the shop', ja: '運営による調整' },
  exchange_card_not_found: { en: 'This card cannot be exchanged.', ja: 'このカードは交換できません。' },
  exchange_out_of_stock: { en: 'This card is out of stock.', ja: 'このカードは在庫切れです。' },
  exchange_limit_reached: {
    en: 'You can exchange this card up to {limit} times.',
    ja: 'このカードの交換は{limit}回までです。',
  },
  exchange_quantity: { en: 'The quantity must be 1.', ja: '交換数量は1です。' },
  transfer_off: { en: 'Point transfer is not available.', ja: 'ポイント移行は利用できません。' },
  transfer_not_linked: {
    en: 'Please link your partner site account first.',
    ja: '先に提携サイトのアカウントを連携してください。',
  },
  transfer_login_failed: {
    en: 'The partner site did not accept this login ID or password.',
    ja: '提携サイトのログインIDまたはパスワードが正しくありません。',
  },
  transfer_partner_unavailable: {
    en: 'The partner site cannot be reached right now. Please try again later.',
    ja: '提携サイトに接続できません。しばらくしてから再度お試しください。',
  },
  transfer_point_invalid: {
    en: 'Enter a whole number of points from 1 to 50,000.',
    ja: '1〜50,000の整数でポイントを入力してください。',
  },
  transfer_not_enough_points: {
    en: 'Your partner site account does not hold that many points.',
    ja: '提携サイトのポイントが不足しています。',
  },
  transfer_refused: {
    en: 'The partner site refused this transfer.',
    ja: '提携サイトがこの移行を受け付けませんでした。',
  },
  // the board
  post_received: {
    en: 'The posting to the bulletin board has been completed. It will be shown after approval.',
    ja: '掲示板への投稿が完了しました。承認後に表示されます。',
  },
  post_too_many_images: { en: 'Up to 3 images per post.', ja: '画像は1投稿につき3枚までです。' },
  post_daily_limit: {
    en: 'You can post up to {limit} times a day. Please try again tomorrow.',
    ja: '投稿は1日{limit}回までです。明日またお試しください。',
  },
  image_invalid: {
    en: 'This file is not an image we can read (JPEG, PNG, WebP or GIF).',
    ja: '読み込めない画像です（JPEG・PNG・WebP・GIFに対応）。',
  },
  image_too_large: { en: 'Each image can be at most 5 MB.', ja: '画像は1枚5MBまでです。' },
  image_too_many_pixels: {
    en: 'This image is too large in pixels (at most 40 megapixels).',
    ja: '画像の画素数が大きすぎます（4000万画素まで）。',
  },
  post_not_found: { en: 'This post does not exist.', ja: 'この投稿は存在しません。' },
  // the staff console
  staff_login_failed: {
    en: 'Email address or password do not match.',
    ja: 'メールアドレスまたはパスワードが一致しません。',
  },
  staff_code_invalid: { en: 'The code is not valid.', ja: 'コードが正しくありません。' },
  staff_code_locked: {
    en: 'Too many wrong codes. Sign in again with your password in {minutes} minutes.',
    ja: 'コードの誤りが多すぎます。{minutes}分後にパスワードからログインし直してください。',
  },
  staff_login_required: {
    en: 'Please sign in to the staff console.',
    ja: '管理画面にログインしてください。',
  },
  staff_second_factor_required: {
    en: 'Please confirm the sign-in with your authenticator code.',
    ja: '認証アプリのコードでログインを確認してください。',
  },
  staff_forbidden: { en: 'Your role does not allow this.', ja: 'この操作の権限がありません。' },
  staff_already_enrolled: {
    en: 'Two-step verification is already set up.',
    ja: '2段階認証はすでに設定されています。',
  },
  staff_not_enrolled: {
    en: 'Set up two-step verification first.',
    ja: '先に2段階認証を設定してください。',
  },
  pack_locked: {
    en: 'A published pack keeps its price, lots and start; end the sale instead.',
    ja: '公開済みのパックは価格・口数・開始日時を変更できません。販売を終了してください。',
  },
  pack_not_ready: {
    en: 'The prizes do not add up to the pack’s lot count yet.',
    ja: '賞品の合計がパックの口数と一致していません。',
  },
  window_invalid: { en: 'The end must be after the start.', ja: '終了日時は開始日時より後にしてください。' },
  too_many: { en: 'Too many entries.', ja: '件数が多すぎます。' },
  video_invalid: {
    en: 'This file is not a video we can play (MP4 or WebM).',
    ja: '再生できない動画です（MP4・WebMに対応）。',
  },
  video_too_large: { en: 'A video can be at most 20 MB.', ja: '動画は20MBまでです。' },
  card_type_exists: {
    en: 'A card type with this number exists.',
    ja: 'この番号のカード種別はすでにあります。',
  },
  card_type_not_found: { en: 'There is no such card type.', ja: 'このカード種別はありません。' },
  card_not_found: { en: 'There is no such card.', ja: 'このカードはありません。' },
  banner_not_found: { en: 'There is no such banner.', ja: 'このバナーはありません。' },
  campaign_not_found: { en: 'There is no such campaign.', ja: 'このキャンペーンはありません。' },
  coupon_not_found: { en: 'There is no such coupon.', ja: 'このクーポンはありません。' },
  coupon_code_taken: { en: 'A coupon with this code exists.', ja: 'このコードのクーポンはすでにあります。' },
  stock_negative: { en: 'The stock cannot go below zero.', ja: '在庫を0未満にはできません。' },
  video_not_found: { en: 'There is no such video.', ja: 'この動画はありません。' },
  picture_not_upload: {
    en: 'Choose a picture file to upload (a link or an address cannot be used).',
    ja: 'アップロードする画像ファイルを選んでください（リンクやアドレスは使えません）。',
  },
  // the console's members
  account_suspended: {
    en: 'This account is suspended. Please contact support.',
    ja: 'このアカウントは利用停止中です。サポートまでお問い合わせください。',
  },
  member_not_found: { en: 'There is no such member.', ja: 'この会員は存在しません。' },
  admin_deduct_exceeds: {
    en: 'The balance is {balance}: a deduction cannot take it below zero.',
    ja: '残高は{balance}です。残高がマイナスになる減算はできません。',
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
