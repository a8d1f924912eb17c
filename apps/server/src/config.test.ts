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
      adminSecret: null,
      login: { maxFailuresPerAccount: 5, maxFailuresPerIp: 30, blockMinutes: 15 },
    });
  });

  it('lists every wrong value at once, each with its variable', () => {
    const message = problemsOf({
      ...base,
      PORT: 'eighty',
      PUBLIC_URL: 'not a url',
      SESSION_SECRET: 'short',
      ADMIN_SECRET: 'short',
      LOGIN_BLOCK_MINUTES: '-1',
    });
    expect(message).toMatch(/^Invalid configuration:/);
    for (const name of ['PORT', 'PUBLIC_URL', 'SESSION_SECRET', 'ADMIN_SECRET', 'LOGIN_BLOCK_MINUTES'])
      expect(message, name).toContain(`${name}:`);
  });

  it('refuses production without SESSION_SECRET, and the mock identity provider in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toContain('SESSION_SECRET: required in production');
    expect(problemsOf({ ...base, NODE_ENV: 'production', MOCK_IDP: '1' })).toContain('MOCK_IDP');
  });

  it('turns demo data, the dev outbox and the mock identity provider off in production', () => {
    const config = loadConfig({ ...base, NODE_ENV: 'production', DEV_OUTBOX: '1' });
    expect(config).toMatchObject({ demoData: false, devOutbox: false, mockIdp: false });
  });

  it('makes cookies Secure behind https and keeps ADMIN_SECRET', () => {
    const config = loadConfig({ ...base, PUBLIC_URL: 'https://shop.example', ADMIN_SECRET: 'a'.repeat(20) });
    expect(config.cookieSecure).toBe(true);
    expect(config.adminSecret).toBe('a'.repeat(20));
  });
});
