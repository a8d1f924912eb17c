import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), DATABASE_URL: ':memory:' };

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('loadConfig accepted a wrong configuration');
}

describe('loadConfig', () => {
  it('reads the defaults of the README', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      cookieSecure: false,
      maintenance: false,
      trustProxy: false,
      rateLimits: false,
      redisUrl: '',
      login: { maxFailuresPerAccount: 5, maxFailuresPerIp: 30, blockMinutes: 15 },
    });
  });

  it('lists every wrong value at once, each with its variable', () => {
    const message = problemsOf({
      ...base,
      PORT: 'eighty',
      PUBLIC_URL: 'not a url',
      SESSION_SECRET: 'short',
      LOGIN_MAX_FAILURES_PER_IP: '0',
      LOGIN_BLOCK_MINUTES: '-1',
    });
    expect(message).toMatch(/^Invalid configuration:/);
    for (const name of [
      'PORT',
      'PUBLIC_URL',
      'SESSION_SECRET',
      'LOGIN_MAX_FAILURES_PER_IP',
      'LOGIN_BLOCK_MINUTES',
    ])
      expect(message, name).toContain(`${name}:`);
  });

  const production = {
    ...base,
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://shop.example',
    SELLER_ADDRESS: '1-2-3 Shibuya, Tokyo',
    SELLER_EMAIL: 'help@shop.example',
  };

  it('starts in production with https, a secret and nothing of development', () => {
    const config = loadConfig(production);
    expect(config).toMatchObject({ demoData: false, devOutbox: false, mockIdp: false, cookieSecure: true });
    expect(config.payments.sandbox).toBe(false);
    expect(config.rateLimits).toBe(true);
  });

  it('refuses each unsafe production setting, naming it', () => {
    const refused: [Record<string, string>, string][] = [
      [{ SESSION_SECRET: '' }, 'SESSION_SECRET: required in production'],
      [{ PUBLIC_URL: 'http://shop.example' }, 'PUBLIC_URL: must be an https:// address'],
      [{ SANDBOX_PAYMENTS: '1' }, 'SANDBOX_PAYMENTS:'],
      [{ SANDBOX_PAYMENTS: 'true' }, 'SANDBOX_PAYMENTS:'],
      [{ PAYMENT_PROVIDER_CARD: 'sandbox' }, 'PAYMENT_PROVIDER_CARD: the sandbox is never allowed'],
      [
        { PAYMENT_PROVIDER_AMAZON_PAY: 'sandbox' },
        'PAYMENT_PROVIDER_AMAZON_PAY: the sandbox is never allowed',
      ],
      [{ DEMO_DATA: '1' }, 'DEMO_DATA:'],
      [{ MOCK_IDP: '1' }, 'MOCK_IDP:'],
      [{ DEV_OUTBOX: '1' }, 'DEV_OUTBOX:'],
      [{ SANDBOX_PARTNER: '1' }, 'SANDBOX_PARTNER:'],
      [{ SELLER_EMAIL: 'support@example.com' }, 'SELLER_ADDRESS, SELLER_EMAIL:'],
      [{ METRICS: '1' }, 'METRICS_TOKEN: required with METRICS=1'],
    ];
    for (const [env, expected] of refused) {
      const merged = { ...production, ...env };
      if (env.SESSION_SECRET === '') delete (merged as Record<string, string>).SESSION_SECRET;
      expect(problemsOf(merged), JSON.stringify(env)).toContain(expected);
    }
  });

  it('serves metrics in production only behind a token', () => {
    expect(loadConfig({ ...production, METRICS: '1', METRICS_TOKEN: 'a-long-token' }).metrics).toEqual({
      enabled: true,
      token: 'a-long-token',
    });
  });

  it('cuts slow headers and slow requests at set times, headers never later than the whole request', () => {
    expect(loadConfig(base).http).toEqual({ headersTimeoutMs: 15_000, requestTimeoutMs: 120_000 });
    expect(
      loadConfig({ ...base, HTTP_HEADERS_TIMEOUT_MS: '9000', HTTP_REQUEST_TIMEOUT_MS: '5000' }).http,
    ).toEqual({ headersTimeoutMs: 5000, requestTimeoutMs: 5000 });
  });

  it('lists every production problem at once', () => {
    const message = problemsOf({
      NODE_ENV: 'production',
      SANDBOX_PAYMENTS: '1',
      DEMO_DATA: '1',
      MOCK_IDP: '1',
      DEV_OUTBOX: '1',
    });
    for (const name of [
      'SESSION_SECRET',
      'PUBLIC_URL',
      'SANDBOX_PAYMENTS',
      'DEMO_DATA',
      'MOCK_IDP',
      'DEV_OUTBOX',
    ])
      expect(message, name).toContain(`${name}:`);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxies, never as every hop', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    for (const wrong of ['true', '*', 'proxy.local', '10.0.0.0/33', '10.0.0.1/8/1', '11'])
      expect(problemsOf({ ...base, TRUST_PROXY: wrong }), wrong).toContain('TRUST_PROXY:');
  });

  it('point transfer: the sandbox partner outside production, a real partner with its secret, off otherwise', () => {
    expect(loadConfig(base).transfer).toMatchObject({
      sandbox: true,
      baseUrl: '/sandbox-partner/api',
      gemsPerPoint: 1,
    });
    const real = loadConfig({
      ...base,
      PARTNER_BASE_URL: 'https://partner.example/api/',
      PARTNER_SECRET: 's'.repeat(20),
      TRANSFER_GEMS_PER_POINT: '2',
    }).transfer;
    expect(real).toMatchObject({ sandbox: false, baseUrl: 'https://partner.example/api', gemsPerPoint: 2 });
    expect(() =>
      loadConfig({ ...base, PARTNER_BASE_URL: 'https://partner.example', PARTNER_SECRET: 'short' }),
    ).toThrow(/PARTNER_SECRET/);
    expect(loadConfig({ ...production }).transfer).toBeNull();
  });

  it('makes cookies Secure behind https', () => {
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://shop.example' }).cookieSecure).toBe(true);
  });
});
