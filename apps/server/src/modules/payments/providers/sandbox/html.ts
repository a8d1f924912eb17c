import type { Lang } from '@gacha/contract/messages';
import { SANDBOX_TEST_CARDS } from '@gacha/contract/sandbox-cards';
import { formatJst } from '../../../../db/time.ts';
import { isTextKey, text, type TextKey } from '../../../../i18n/texts.ts';
import { SANDBOX_BANK, type SandboxPayment } from './gateway.ts';

/**
 * Plain server-rendered pages of the sandbox provider: no scripts, buttons are <form method=post>. Their words are
 * the namespace `sandbox` of the server's texts (locales/<lang>/sandbox.json).
 */

const t = (key: TextKey<'sandbox'>, lang: Lang, params?: Record<string, string>) =>
  text('sandbox', key, lang, params);

/** The name of a value (a method, a status) in the language, or the value itself when it has none. */
function named(group: 'methods' | 'statuses', value: string, lang: Lang): string {
  const key = `${group}.${value}`;
  return isTextKey('sandbox', key) ? text('sandbox', key, lang) : value;
}

const CARD_ROWS: [string, TextKey<'sandbox'>][] = [
  [SANDBOX_TEST_CARDS.success, 'cards.success'],
  [SANDBOX_TEST_CARDS.declined, 'cards.declined'],
  [SANDBOX_TEST_CARDS.threeDSecure, 'cards.threeDSecure'],
  [SANDBOX_TEST_CARDS.maintenance, 'cards.maintenance'],
  [SANDBOX_TEST_CARDS.communication, 'cards.communication'],
];

/** The route a page's pending text names (the settle call of the provider's API). */
const SETTLE_ROUTE = '/sandbox-pay/payments/{payment_id}/settle';

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
<p class="banner" role="note"><strong>SANDBOX</strong> ${escapeHtml(t('banner', lang))}</p>
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
  const method = named('methods', p.method, lang);
  const carrier = p.carrier ? ` (${p.carrier})` : '';
  const common: [string, string][] = [
    [t('amount', lang), yen(p.amount)],
    [t('status', lang), named('statuses', p.status, lang)],
    [t('reference', lang), p.merchant_reference],
    [t('sandboxId', lang), p.id],
  ];
  const err = error
    ? `<p class="error" role="alert">${escapeHtml(t('error', lang))}: ${escapeHtml(error)}</p>`
    : '';
  let title = `${method}${carrier}`;
  let body = '';
  if (p.status === 'requires_action' && p.method === 'card') {
    title = t('threeDsTitle', lang);
    body = `<p>${escapeHtml(t('threeDsText', lang))}</p>${facts(common)}<div class="actions">${button(`${base}/complete`, t('complete3ds', lang))}${button(`${base}/fail`, t('fail3ds', lang), 'danger')}</div>`;
  } else if (p.status === 'requires_action') {
    body = `<p>${escapeHtml(t('checkoutText', lang))}</p>${facts(common)}<div class="actions">${button(`${base}/complete`, t('paySuccess', lang))}${button(`${base}/fail`, t('payFail', lang), 'danger')}${button(`${base}/later`, t('payLater', lang), 'plain')}</div>`;
  } else if (p.status === 'pending' && p.method === 'bank') {
    title = t('bankTitle', lang);
    const name = `<label>${escapeHtml(t('transferName', lang))} <input name="holder_name" maxlength="60" value="${escapeHtml(p.holder_name ?? '')}"></label>`;
    const amount = `<label>${escapeHtml(t('amount', lang))} <input name="amount" inputmode="numeric" maxlength="9" value="${p.amount}"></label>`;
    body = `${facts([
      [t('bankName', lang), SANDBOX_BANK.bank],
      [t('branch', lang), SANDBOX_BANK.branch],
      [t('accountType', lang), SANDBOX_BANK.accountType],
      [t('accountNumber', lang), p.account_number ?? ''],
      [t('accountHolder', lang), SANDBOX_BANK.name],
      [t('due', lang), formatJst(p.expires_at)],
      ...common,
    ])}<p>${escapeHtml(t('pendingText', lang, { settleRoute: SETTLE_ROUTE }))}</p><div class="actions">${button(`${base}/settle`, t('settleBank', lang), 'primary', name + amount)}${button(`${base}/fail`, t('payFail', lang), 'danger')}</div>`;
  } else if (p.status === 'pending') {
    if (p.method === 'combini') title = t('combiniTitle', lang);
    const rows: [string, string][] = p.receipt_number ? [[t('receipt', lang), p.receipt_number]] : [];
    body = `${facts([...rows, [t('due', lang), formatJst(p.expires_at)], ...common])}<p>${escapeHtml(t('pendingText', lang, { settleRoute: SETTLE_ROUTE }))}</p><div class="actions">${button(`${base}/settle`, t('settleCombini', lang))}${button(`${base}/fail`, t('payFail', lang), 'danger')}</div>`;
  } else {
    const back = p.status === 'succeeded' ? p.return_url : p.cancel_url;
    const refunded = p.refunded_amount ?? 0;
    const refundable = p.status === 'succeeded' && refunded < p.amount;
    body = `${facts(refunded ? [...common, [t('refunded', lang), yen(refunded)]] : common)}<div class="actions"><a class="button" href="${escapeHtml(back)}">${escapeHtml(t('backToShop', lang))}</a>${button(`${base}/resend`, t('resend', lang), 'plain')}${refundable ? button(`${base}/refund`, t('refund', lang), 'danger') : ''}</div>`;
  }
  return layout(lang, title, err + body);
}

export function notFoundPage(lang: Lang): string {
  return layout(lang, t('title', lang), `<p>${escapeHtml(t('notFound', lang))}</p>`);
}

export function indexPage(recent: SandboxPayment[], lang: Lang): string {
  const cards = `<h2>${escapeHtml(t('testCards', lang))}</h2><p>${escapeHtml(t('testCardsNote', lang))}</p><table><tbody>${CARD_ROWS.map(
    ([n, what]) => `<tr><td><code>${n}</code></td><td>${escapeHtml(t(what, lang))}</td></tr>`,
  ).join('')}</tbody></table>`;
  const list = recent.length
    ? `<table><tbody>${recent
        .map(
          (p) =>
            `<tr><td>${escapeHtml(formatJst(p.created_at))}</td><td>${escapeHtml(named('methods', p.method, lang))}</td><td>${yen(p.amount)}</td><td>${escapeHtml(named('statuses', p.status, lang))}</td><td><a href="/sandbox-pay/pay/${encodeURIComponent(p.id)}">${escapeHtml(t('open', lang))}</a></td></tr>`,
        )
        .join('')}</tbody></table>`
    : `<p>${escapeHtml(t('none', lang))}</p>`;
  return layout(lang, t('title', lang), `${cards}<h2>${escapeHtml(t('recent', lang))}</h2>${list}`);
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
