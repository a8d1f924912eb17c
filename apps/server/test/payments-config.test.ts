import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type PaymentMethodKey } from '../src/config.ts';

/**
 * loadConfig's payment rules (DOMAIN.md Payments): the sandbox is on by default outside production and off
 * once a real provider is configured; each method follows its PAYMENT_PROVIDER_* choice, else the configured
 * real provider, else the sandbox, else 'none'; a method pointed at the sandbox while it is off stops the
 * server with a configuration error.
 */
const BASE = { SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', DATABASE_URL: ':memory:' };
const PROD = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example',
  SELLER_ADDRESS: 'Tokyo',
  SELLER_EMAIL: 'help@shop.example',
};
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
const PAYPAL = { PAYPAL_CLIENT_ID: 'client', PAYPAL_CLIENT_SECRET: 'secret' };
const CARRIER = {
  CARRIER_BASE_URL: 'https://carrier.example',
  CARRIER_MERCHANT_ID: 'm1',
  CARRIER_SECRET: 'carrier-secret',
};
const ALL: PaymentMethodKey[] = [
  'card',
  'combini',
  'bank',
  'unionpay',
  'alipay',
  'paypal',
  'carrier',
  'amazon_pay',
];

const payments = (env: Record<string, string>) => loadConfig({ ...BASE, ...env }).payments;
const methodsAll = (provider: string) => Object.fromEntries(ALL.map((m) => [m, provider]));

describe('the sandbox: on or off', () => {
  it('is on in development (and test), with every method on it', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const p = payments({ NODE_ENV });
      expect(p.sandbox, NODE_ENV).toBe(true);
      expect(p.methods).toEqual(methodsAll('sandbox'));
    }
  });

  it('is off in production, where a method without a provider is off', () => {
    const p = payments(PROD);
    expect(p.sandbox).toBe(false);
    expect(p.methods).toEqual(methodsAll('none'));
  });

  it('SANDBOX_PAYMENTS=0 turns it off in development; =1 is refused in production', () => {
    expect(payments({ NODE_ENV: 'development', SANDBOX_PAYMENTS: '0' }).sandbox).toBe(false);
    expect(() => payments({ ...PROD, SANDBOX_PAYMENTS: '1' })).toThrow(
      /SANDBOX_PAYMENTS: the sandbox settles any payment/,
    );
  });

  it('is off once Stripe is configured: the Stripe methods go to Stripe, the others are off', () => {
    const p = payments({ NODE_ENV: 'development', ...STRIPE });
    expect(p.sandbox).toBe(false);
    expect(p.methods).toEqual({
      card: 'stripe',
      combini: 'stripe',
      bank: 'stripe',
      unionpay: 'stripe',
      alipay: 'stripe',
      paypal: 'none',
      carrier: 'none',
      amazon_pay: 'none',
    });
    expect(p.stripe).toMatchObject({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x' });
  });

  it('is off once PayPal is configured', () => {
    const p = payments({ NODE_ENV: 'development', ...PAYPAL });
    expect(p.sandbox).toBe(false);
    expect(p.methods).toEqual({ ...methodsAll('none'), paypal: 'paypal' });
  });

  it('half a PayPal configuration is not a configuration: the sandbox stays on', () => {
    const p = payments({ NODE_ENV: 'development', PAYPAL_CLIENT_ID: 'client' });
    expect(p.sandbox).toBe(true);
    expect(p.methods.paypal).toBe('sandbox');
  });

  it('is off once carrier billing is configured', () => {
    const p = payments({ NODE_ENV: 'development', ...CARRIER });
    expect(p.sandbox).toBe(false);
    expect(p.methods).toEqual({ ...methodsAll('none'), carrier: 'carrier' });
    expect(p.carrier).toEqual({
      baseUrl: 'https://carrier.example',
      merchantId: 'm1',
      secret: 'carrier-secret',
    });
  });

  it('can be kept on beside a real provider with SANDBOX_PAYMENTS=1: the rest stays on the sandbox', () => {
    const p = payments({ NODE_ENV: 'development', SANDBOX_PAYMENTS: '1', ...PAYPAL });
    expect(p.sandbox).toBe(true);
    expect(p.methods).toEqual({ ...methodsAll('sandbox'), paypal: 'paypal' });
  });
});

describe('PAYMENT_PROVIDER_* choices', () => {
  const choices: [PaymentMethodKey, string[]][] = [
    ['card', ['sandbox', 'stripe', 'none']],
    ['combini', ['sandbox', 'stripe', 'none']],
    ['bank', ['sandbox', 'stripe', 'none']],
    ['unionpay', ['sandbox', 'stripe', 'none']],
    ['alipay', ['sandbox', 'stripe', 'none']],
    ['paypal', ['sandbox', 'paypal', 'none']],
    ['carrier', ['sandbox', 'carrier', 'none']],
    ['amazon_pay', ['sandbox', 'none']],
  ];
  const creds: Record<string, Record<string, string>> = { stripe: STRIPE, paypal: PAYPAL, carrier: CARRIER };

  for (const [method, providers] of choices)
    for (const provider of providers)
      it(`PAYMENT_PROVIDER_${method.toUpperCase()}=${provider}`, () => {
        const p = payments({
          NODE_ENV: 'development',
          SANDBOX_PAYMENTS: '1',
          ...(creds[provider] ?? {}),
          [`PAYMENT_PROVIDER_${method.toUpperCase()}`]: provider,
        });
        expect(p.methods[method]).toBe(provider);
        // the other methods keep their defaults
        for (const other of ALL.filter((m) => m !== method))
          expect(['sandbox', 'stripe', 'paypal', 'carrier']).toContain(p.methods[other]);
      });

  it('a value outside the choices is a configuration error', () => {
    expect(() => payments({ PAYMENT_PROVIDER_AMAZON_PAY: 'stripe' })).toThrow(ConfigError);
    expect(() => payments({ PAYMENT_PROVIDER_CARD: 'paypal' })).toThrow(/PAYMENT_PROVIDER_CARD/);
  });

  it('a real provider without its credentials is a configuration error listing each problem', () => {
    let err: unknown;
    try {
      payments({ PAYMENT_PROVIDER_CARD: 'stripe', PAYMENT_PROVIDER_PAYPAL: 'paypal' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect(String(err)).toContain('PAYMENT_PROVIDER_CARD: stripe needs STRIPE_SECRET_KEY');
    expect(String(err)).toContain('PAYMENT_PROVIDER_PAYPAL: paypal needs PAYPAL_CLIENT_ID');
    expect(() => payments({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});

describe('the sandbox chosen while it is off', () => {
  it('in production: a configuration error naming the method', () => {
    expect(() => payments({ ...PROD, PAYMENT_PROVIDER_CARD: 'sandbox' })).toThrow(
      /PAYMENT_PROVIDER_CARD: the sandbox is never allowed in production/,
    );
  });

  it('beside a real provider (which turned it off): a configuration error', () => {
    expect(() =>
      payments({ NODE_ENV: 'development', ...STRIPE, PAYMENT_PROVIDER_PAYPAL: 'sandbox' }),
    ).toThrow(/PAYMENT_PROVIDER_PAYPAL: the sandbox is off/);
  });

  it('switched off explicitly: a configuration error for each method set to it', () => {
    let err: unknown;
    try {
      payments({
        NODE_ENV: 'development',
        SANDBOX_PAYMENTS: '0',
        PAYMENT_PROVIDER_COMBINI: 'sandbox',
        PAYMENT_PROVIDER_AMAZON_PAY: 'sandbox',
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect(String(err)).toContain('PAYMENT_PROVIDER_COMBINI: the sandbox is off');
    expect(String(err)).toContain('PAYMENT_PROVIDER_AMAZON_PAY: the sandbox is off');
  });
});
