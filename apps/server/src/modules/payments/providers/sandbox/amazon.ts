import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Lang } from '@gacha/contract/messages';
import type { AmazonButtonSignature } from '@gacha/contract/payments';

/**
 * Amazon Pay button payloads in the sandbox: the shop signs the button's payloadJSON (real Amazon Pay uses
 * RSASSA-PSS with the merchant's private key; the sandbox uses HMAC-SHA256 with SANDBOX_SIGNING_SECRET) so the
 * amount and the return URL cannot be changed in the browser.
 */
export const SANDBOX_AMAZON_ALGORITHM = 'HMAC-SHA256';

export function signAmazonPayload(secret: string, payloadJSON: string): string {
  return createHmac('sha256', `${secret}:amazon-pay`).update(payloadJSON).digest('base64');
}

export function verifyAmazonPayload(secret: string, payloadJSON: string, signature: string): boolean {
  const a = Buffer.from(signAmazonPayload(secret, payloadJSON));
  const b = Buffer.from(signature);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface AmazonButtonPayload {
  webCheckoutDetails: { checkoutResultReturnUrl: string; checkoutMode: 'ProcessOrder' };
  storeId: string;
  scopes: string[];
  paymentDetails: {
    paymentIntent: 'AuthorizeWithCapture';
    chargeAmount: { amount: string; currencyCode: 'JPY' };
  };
  merchantMetadata: { merchantReferenceId: string; merchantStoreName: string };
}

/**
 * GET /api/user/button_signature's answer in the sandbox: the Amazon Pay button's payloadJSON for a payment
 * (amount, return URL), signed with the sandbox secret, and the sandbox's button page that checks it.
 */
export function sandboxAmazonButton(args: {
  secret: string;
  /** The shop's public URL without a trailing slash (the sandbox's pages are served by the shop). */
  shopUrl: string;
  paymentId: string;
  amountYen: number;
  returnUrl: string;
  lang: Lang;
}): AmazonButtonSignature {
  const payload: AmazonButtonPayload = {
    webCheckoutDetails: {
      checkoutResultReturnUrl: args.returnUrl,
      checkoutMode: 'ProcessOrder',
    },
    storeId: 'sandbox-store',
    scopes: ['name', 'email'],
    paymentDetails: {
      paymentIntent: 'AuthorizeWithCapture',
      chargeAmount: { amount: String(args.amountYen), currencyCode: 'JPY' },
    },
    merchantMetadata: { merchantReferenceId: args.paymentId, merchantStoreName: 'Gacha Gems' },
  };
  const payloadJSON = JSON.stringify(payload);
  const signature = signAmazonPayload(args.secret, payloadJSON);
  const q = new URLSearchParams({ payloadJSON, signature });
  return {
    signature,
    payloadJSON,
    algorithm: SANDBOX_AMAZON_ALGORITHM,
    publicKeyId: 'SANDBOX',
    merchantId: 'SANDBOX',
    ledgerCurrency: 'JPY',
    checkoutLanguage: args.lang === 'ja' ? 'ja_JP' : 'en_US',
    productType: 'PayOnly',
    placement: 'Checkout',
    sandbox: '1',
    payment_id: args.paymentId,
    url: `${args.shopUrl}/sandbox-pay/amazon-pay/button?${q.toString()}`,
  };
}
