import type { Lang } from '@gacha/contract/messages';
import { SANDBOX_TEST_CARDS } from '@gacha/contract/sandbox-cards';
import { formatJst } from '../../../../db/time.ts';
import { SANDBOX_BANK, type SandboxPayment } from './gateway.ts';

/** Plain server-rendered pages of the sandbox provider: no scripts, buttons are <form method=post>. */

const T = {
  title: { en: 'Payment sandbox', ja: '決済サンドボックス' },
  banner: {
    en: 'SANDBOX — a test payment provider. No real money moves and no real card is charged.',
    ja: 'サンドボックス — テスト用の決済プロバイダです。実際のお金は動かず、実在のカードにも請求されません。',
  },
  amount: { en: 'Amount', ja: '金額' },
  reference: { en: 'Shop payment id', ja: 'ショップ決済ID' },
  sandboxId: { en: 'Sandbox payment id', ja: 'サンドボックス決済ID' },
  status: { en: 'Status', ja: '状態' },
  due: { en: 'Pay by (JST)', ja: 'お支払期限（日本時間）' },
  threeDsTitle: { en: '3-D Secure authentication', ja: '3Dセキュア認証' },
  threeDsText: {
    en: 'The card issuer asks the cardholder to confirm this payment. Choose the outcome.',
    ja: 'カード発行会社が本人認証を求めています。結果を選んでください。',
  },
  complete3ds: { en: 'Complete authentication', ja: '認証を完了する' },
  fail3ds: { en: 'Fail authentication', ja: '認証に失敗させる' },
  checkoutText: {
    en: 'Choose the outcome of this test payment. You will be sent back to the shop.',
    ja: 'このテスト決済の結果を選んでください。ショップに戻ります。',
  },
  paySuccess: { en: 'Pay (success)', ja: '支払う（成功）' },
  payFail: { en: 'Fail the payment', ja: '決済を失敗させる' },
  payLater: { en: 'Pay later (stays pending)', ja: '後で支払う（保留のまま）' },
  combiniTitle: { en: 'Convenience store payment slip', ja: 'コンビニ払込票' },
  receipt: { en: 'Receipt number', ja: '受付番号' },
  settleCombini: { en: 'Mark as paid at the store', ja: '店頭で支払ったことにする' },
  bankTitle: { en: 'Bank transfer details', ja: 'お振込先' },
  bankName: { en: 'Bank', ja: '銀行' },
  branch: { en: 'Branch', ja: '支店' },
  accountType: { en: 'Account type', ja: '口座種別' },
  accountNumber: { en: 'Account number', ja: '口座番号' },
  accountHolder: { en: 'Account holder', ja: '口座名義' },
  transferName: { en: 'Transfer holder name (katakana)', ja: '振込名義（カタカナ）' },
  settleBank: { en: 'Record the transfer', ja: '振込を記録する' },
  pendingText: {
    en: 'Waiting for payment. Settle it here (or POST /sandbox-pay/payments/{payment_id}/settle).',
    ja: '入金待ちです。ここで入金済みにできます（または POST /sandbox-pay/payments/{payment_id}/settle）。',
  },
  backToShop: { en: 'Back to the shop', ja: 'ショップに戻る' },
  resend: { en: 'Send the notification again', ja: '通知を再送する' },
  refund: {
    en: 'Refund the rest (as the provider’s dashboard would)',
    ja: '残額を返金する（決済会社の管理画面として）',
  },
  refunded: { en: 'Refunded', ja: '返金済み' },
  notFound: { en: 'This sandbox payment does not exist.', ja: 'このサンドボックス決済は存在しません。' },
  testCards: { en: 'Test cards', ja: 'テストカード' },
  testCardsNote: {
    en: 'Any future expiry (MM/YY), any 3-digit security code, a holder name in letters.',
    ja: '有効期限は未来の任意の月（MM/YY）、セキュリティコードは任意の3桁、名義は英字。',
  },
  recent: { en: 'Recent sandbox payments', ja: '最近のサンドボックス決済' },
  none: { en: 'None yet.', ja: 'まだありません。' },
  open: { en: 'Open', ja: '開く' },
  error: { en: 'Refused', ja: '受け付けられません' },
} as const satisfies Record<string, { en: string; ja: string }>;

const CARD_ROWS: [string, { en: string; ja: string }][] = [
  [SANDBOX_TEST_CARDS.success, { en: 'success', ja: '成功' }],
  [SANDBOX_TEST_CARDS.declined, { en: 'declined', ja: '決済拒否' }],
  [SANDBOX_TEST_CARDS.threeDSecure, { en: '3-D Secure step', ja: '3Dセキュア認証あり' }],
  [
    SANDBOX_TEST_CARDS.maintenance,
    { en: 'tokenizer code 8000 (maintenance)', ja: 'トークン化コード8000（メンテナンス）' },
  ],
  [
    SANDBOX_TEST_CARDS.communication,
    { en: 'tokenizer code 7001 (communication)', ja: 'トークン化コード7001（通信エラー）' },
  ],
];

const METHOD_NAMES: Record<string, { en: string; ja: string }> = {
  card: { en: 'Card', ja: 'カード' },
  combini: { en: 'Convenience store', ja: 'コンビニ' },
  bank: { en: 'Bank transfer', ja: '銀行振込' },
  paypal: { en: 'PayPal', ja: 'PayPal' },
  amazon_pay: { en: 'Amazon Pay', ja: 'Amazon Pay' },
  carrier: { en: 'Carrier billing', ja: 'キャリア決済' },
  unionpay: { en: 'UnionPay', ja: '銀聯（UnionPay）' },
  alipay: { en: 'Alipay', ja: 'Alipay' },
};

const STATUS_NAMES: Record<string, { en: string; ja: string }> = {
  requires_action: { en: 'waiting for the buyer', ja: '購入者の操作待ち' },
  pending: { en: 'pending (not paid yet)', ja: '保留中（未入金）' },
  succeeded: { en: 'succeeded', ja: '成功' },
  failed: { en: 'failed', ja: '失敗' },
  expired: { en: 'expired', ja: '期限切れ' },
  canceled: { en: 'canceled', ja: 'キャンセル' },
};

export function escapeHtml(v: string | number): string {
  return String(v).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;

function layout(lang: Lang, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — SANDBOX</title>
<link rel="stylesheet" href="/sandbox-pay/sandbox.css">
</head>
<body>
<p class="banner" role="note"><strong>SANDBOX</strong> ${escapeHtml(T.banner[lang])}</p>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

function button(
  action: string,
  label: string,
  kind: 'primary' | 'danger' | 'plain' = 'primary',
  fields = '',
) {
  return `<form method="post" action="${escapeHtml(action)}">${fields}<button type="submit" class="${kind}">${escapeHtml(label)}</button></form>`;
}

function facts(rows: [string, string][]): string {
  return `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`;
}

export function paymentPage(p: SandboxPayment, lang: Lang, error?: string): string {
  const base = `/sandbox-pay/pay/${encodeURIComponent(p.id)}`;
  const method = METHOD_NAMES[p.method]?.[lang] ?? p.method;
  const carrier = p.carrier ? ` (${p.carrier})` : '';
  const common: [string, string][] = [
    [T.amount[lang], yen(p.amount)],
    [T.status[lang], STATUS_NAMES[p.status]?.[lang] ?? p.status],
    [T.reference[lang], p.merchant_reference],
    [T.sandboxId[lang], p.id],
  ];
  const err = error
    ? `<p class="error" role="alert">${escapeHtml(T.error[lang])}: ${escapeHtml(error)}</p>`
    : '';
  let title = `${method}${carrier}`;
  let body = '';
  if (p.status === 'requires_action' && p.method === 'card') {
    title = T.threeDsTitle[lang];
    body = `<p>${escapeHtml(T.threeDsText[lang])}</p>${facts(common)}<div class="actions">${button(`${base}/complete`, T.complete3ds[lang])}${button(`${base}/fail`, T.fail3ds[lang], 'danger')}</div>`;
  } else if (p.status === 'requires_action') {
    body = `<p>${escapeHtml(T.checkoutText[lang])}</p>${facts(common)}<div class="actions">${button(`${base}/complete`, T.paySuccess[lang])}${button(`${base}/fail`, T.payFail[lang], 'danger')}${button(`${base}/later`, T.payLater[lang], 'plain')}</div>`;
  } else if (p.status === 'pending' && p.method === 'bank') {
    title = T.bankTitle[lang];
    const name = `<label>${escapeHtml(T.transferName[lang])} <input name="holder_name" maxlength="60" value="${escapeHtml(p.holder_name ?? '')}"></label>`;
    const amount = `<label>${escapeHtml(T.amount[lang])} <input name="amount" inputmode="numeric" maxlength="9" value="${p.amount}"></label>`;
    body = `${facts([
      [T.bankName[lang], SANDBOX_BANK.bank],
      [T.branch[lang], SANDBOX_BANK.branch],
      [T.accountType[lang], SANDBOX_BANK.accountType],
      [T.accountNumber[lang], p.account_number ?? ''],
      [T.accountHolder[lang], SANDBOX_BANK.name],
      [T.due[lang], formatJst(p.expires_at)],
      ...common,
    ])}<p>${escapeHtml(T.pendingText[lang])}</p><div class="actions">${button(`${base}/settle`, T.settleBank[lang], 'primary', name + amount)}${button(`${base}/fail`, T.payFail[lang], 'danger')}</div>`;
  } else if (p.status === 'pending') {
    if (p.method === 'combini') title = T.combiniTitle[lang];
    const rows: [string, string][] = p.receipt_number ? [[T.receipt[lang], p.receipt_number]] : [];
    body = `${facts([...rows, [T.due[lang], formatJst(p.expires_at)], ...common])}<p>${escapeHtml(T.pendingText[lang])}</p><div class="actions">${button(`${base}/settle`, T.settleCombini[lang])}${button(`${base}/fail`, T.payFail[lang], 'danger')}</div>`;
  } else {
    const back = p.status === 'succeeded' ? p.return_url : p.cancel_url;
    const refunded = p.refunded_amount ?? 0;
    const refundable = p.status === 'succeeded' && refunded < p.amount;
    body = `${facts(refunded ? [...common, [T.refunded[lang], yen(refunded)]] : common)}<div class="actions"><a class="button" href="${escapeHtml(back)}">${escapeHtml(T.backToShop[lang])}</a>${button(`${base}/resend`, T.resend[lang], 'plain')}${refundable ? button(`${base}/refund`, T.refund[lang], 'danger') : ''}</div>`;
  }
  return layout(lang, title, err + body);
}

export function notFoundPage(lang: Lang): string {
  return layout(lang, T.title[lang], `<p>${escapeHtml(T.notFound[lang])}</p>`);
}

export function indexPage(recent: SandboxPayment[], lang: Lang): string {
  const cards = `<h2>${escapeHtml(T.testCards[lang])}</h2><p>${escapeHtml(T.testCardsNote[lang])}</p><table><tbody>${CARD_ROWS.map(
    ([n, what]) => `<tr><td><code>${n}</code></td><td>${escapeHtml(what[lang])}</td></tr>`,
  ).join('')}</tbody></table>`;
  const list = recent.length
    ? `<table><tbody>${recent
        .map(
          (p) =>
            `<tr><td>${escapeHtml(formatJst(p.created_at))}</td><td>${escapeHtml(METHOD_NAMES[p.method]?.[lang] ?? p.method)}</td><td>${yen(p.amount)}</td><td>${escapeHtml(STATUS_NAMES[p.status]?.[lang] ?? p.status)}</td><td><a href="/sandbox-pay/pay/${encodeURIComponent(p.id)}">${escapeHtml(T.open[lang])}</a></td></tr>`,
        )
        .join('')}</tbody></table>`
    : `<p>${escapeHtml(T.none[lang])}</p>`;
  return layout(lang, T.title[lang], `${cards}<h2>${escapeHtml(T.recent[lang])}</h2>${list}`);
}

export const SANDBOX_CSS = `
body{font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans JP",sans-serif;margin:0;background:#f6f6f4;color:#222}
.banner{margin:0;padding:.75rem 1rem;background:repeating-linear-gradient(45deg,#ffd400,#ffd400 12px,#222 12px,#222 24px);color:#fff;text-shadow:0 0 3px #000;font-size:.95rem}
.banner strong{background:#c00;padding:.1rem .4rem;margin-right:.5rem;border-radius:3px}
main{max-width:36rem;margin:1.5rem auto;padding:1.5rem;background:#fff;border:1px solid #ddd;border-radius:8px}
h1{font-size:1.4rem;margin-top:0}h2{font-size:1.1rem;margin-top:1.5rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem}dt{color:#666}dd{margin:0;font-weight:600;word-break:break-all}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.25rem}.actions form{margin:0}
form label{display:block;margin:.5rem 0}input{font:inherit;padding:.35rem;border:1px solid #aaa;border-radius:4px}
button,.button{font:inherit;padding:.6rem 1.1rem;border-radius:6px;border:1px solid #1a5fb4;background:#1a5fb4;color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
button.danger{background:#c01c28;border-color:#c01c28}button.plain{background:#fff;color:#1a5fb4}
.error{color:#c01c28;font-weight:600}table{border-collapse:collapse;width:100%}td{border-top:1px solid #eee;padding:.35rem}
`;
