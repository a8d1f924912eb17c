import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['1', '0', 'true', 'false', ''])
  .transform((v) => v === '1' || v === 'true')
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  DATABASE_URL: z
    .string()
    .default('./data/gacha.sqlite')
    .refine((v) => !/^[a-z]+:\/\//.test(v) || /^postgres(ql)?:\/\//.test(v), {
      message: 'must be a postgres:// URL or an SQLite file path',
    }),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DEMO_DATA: bool,
  MAINTENANCE: bool,
  TRUST_PROXY: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(resolve(repoRoot, 'apps/web/dist')),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_BLOCK_MINUTES: z.coerce.number().int().min(1).default(15),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string;
  sessionSecret: string;
  demoData: boolean;
  maintenance: boolean;
  trustProxy: boolean;
  logLevel: string;
  webDist: string;
  cookieSecure: boolean;
  login: { maxFailuresPerAccount: number; maxFailuresPerIp: number; blockMinutes: number };
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError listing every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isPg = /^postgres(ql)?:\/\//.test(e.DATABASE_URL);
  const databaseUrl = isPg ? e.DATABASE_URL : resolve(repoRoot, e.DATABASE_URL);
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: required in production');
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL,
    databaseUrl,
    sessionSecret: e.SESSION_SECRET ?? devSecret(isPg ? resolve(repoRoot, 'data/x') : databaseUrl),
    demoData: e.DEMO_DATA ?? e.NODE_ENV !== 'production',
    maintenance: e.MAINTENANCE ?? false,
    trustProxy: e.TRUST_PROXY ?? false,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    cookieSecure: e.PUBLIC_URL.startsWith('https://'),
    login: {
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      blockMinutes: e.LOGIN_BLOCK_MINUTES,
    },
  };
}

/** Outside production a secret is generated once and kept beside the database so sessions survive restarts. */
function devSecret(dbFile: string): string {
  const file = resolve(dirname(dbFile), '.session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
