import { createHmac, timingSafeEqual } from 'node:crypto';

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
