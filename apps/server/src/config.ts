import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
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
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  RATE_LIMITS: bool,
  REDIS_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^rediss?:\/\//.test(v), { message: 'must be a redis:// or rediss:// URL' }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(resolve(repoRoot, 'apps/web/dist')),
  ADMIN_DIST: z.string().default(resolve(repoRoot, 'apps/admin/dist')),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_BLOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  // member accounts: mail, SMS, Google/Apple sign-in, dev outbox
  MAIL_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^smtps?:\/\//.test(v), { message: 'must be an smtp:// or smtps:// URL' }),
  MAIL_FROM: z.string().min(3).default('Gacha Gems <no-reply@localhost>'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .default('')
    .refine((v) => v === '' || /^AC[0-9a-fA-F]{32}$/.test(v), {
      message: 'must look like AC + 32 hex digits',
    }),
  TWILIO_AUTH_TOKEN: z.string().default(''),
  TWILIO_FROM: z.string().default(''),
  TWILIO_API_BASE: z.url().default('https://api.twilio.com'),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().default(''),
  GOOGLE_CLIENT_SECRET: z.string().default(''),
  APPLE_ISSUER: z.url().default('https://appleid.apple.com'),
  APPLE_CLIENT_ID: z.string().default(''),
  APPLE_CLIENT_SECRET: z.string().default(''),
  MOCK_IDP: bool,
  DEV_OUTBOX: bool,
  // payments: per-method provider, the sandbox, Stripe, PayPal, carrier billing, FX
  SANDBOX_PAYMENTS: bool,
  SANDBOX_SIGNING_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  PAYMENT_PROVIDER_CARD: z.enum(['sandbox', 'stripe', 'none']).optional(),
  PAYMENT_PROVIDER_COMBINI: z.enum(['sandbox', 'stripe', 'none']).optional(),
  PAYMENT_PROVIDER_BANK: z.enum(['sandbox', 'stripe', 'none']).optional(),
  PAYMENT_PROVIDER_UNIONPAY: z.enum(['sandbox', 'stripe', 'none']).optional(),
  PAYMENT_PROVIDER_ALIPAY: z.enum(['sandbox', 'stripe', 'none']).optional(),
  PAYMENT_PROVIDER_PAYPAL: z.enum(['sandbox', 'paypal', 'none']).optional(),
  PAYMENT_PROVIDER_CARRIER: z.enum(['sandbox', 'carrier', 'none']).optional(),
  PAYMENT_PROVIDER_AMAZON_PAY: z.enum(['sandbox', 'none']).optional(),
  PAYMENT_NOTIFY_TOLERANCE: z.coerce.number().int().min(1).max(3600).default(300),
  STRIPE_SECRET_KEY: z.string().default(''),
  STRIPE_WEBHOOK_SECRET: z.string().default(''),
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
  PAYPAL_CLIENT_ID: z.string().default(''),
  PAYPAL_CLIENT_SECRET: z.string().default(''),
  PAYPAL_BASE_URL: z.url().default('https://api-m.sandbox.paypal.com'),
  PAYPAL_WEBHOOK_ID: z.string().default(''),
  CARRIER_BASE_URL: z.union([z.url(), z.literal('')]).default(''),
  CARRIER_MERCHANT_ID: z.string().default(''),
  CARRIER_SECRET: z.string().default(''),
  FX_USD_JPY: z.coerce.number().positive().max(10_000).default(150),
  // point transfer from a linked site
  PARTNER_BASE_URL: z.union([z.url(), z.literal('')]).default(''),
  PARTNER_KEY_ID: z.string().min(1).default('gacha-shop'),
  PARTNER_SECRET: z.string().default(''),
  PARTNER_NAME: z.string().min(1).max(60).optional(),
  PARTNER_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
  TRANSFER_GEMS_PER_POINT: z.coerce.number().int().min(1).max(1000).default(1),
  SANDBOX_PARTNER: bool,
  // stored files: the data directory, or an S3-compatible bucket
  STORAGE_DIR: z.string().default('./data/uploads'),
  S3_BUCKET: z.string().default(''),
  S3_ENDPOINT: z.union([z.url(), z.literal('')]).default(''),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  S3_FORCE_PATH_STYLE: bool,
  S3_PREFIX: z
    .string()
    .default('')
    .refine((v) => v === '' || /^[a-z0-9_-]+(\/[a-z0-9_-]+)*\/$/.test(v), {
      message: 'must look like uploads/',
    }),
  // the board
  POSTS_PER_DAY: z.coerce.number().int().min(1).max(100).default(3),
  // a pack whose prizes convert back into more than this share of its price warns before publishing
  PAYOUT_WARNING_PERCENT: z.coerce.number().int().min(1).max(10_000).default(100),
  // several processes, jobs, operations
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  // PostgreSQL: the longest a statement of the server may run (a purchase batch takes milliseconds; the bound
  // ends a stuck one, its lock on a pack row with it, and bounds what a queued buyer waits: db/pg-batch.ts)
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  JOBS: z.enum(['auto', 'pg-boss', 'local', 'off']).default('auto'),
  PGBOSS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,49}$/, 'must be a lower-case SQL identifier')
    .default('pgboss'),
  JOBS_CRON_CHECK_SECONDS: z.coerce.number().int().min(1).max(60).default(30),
  METRICS: bool,
  METRICS_TOKEN: z.string().default(''),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(1000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
  CLUSTER_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  CLUSTER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  // the seller's details on the legal and contact pages
  SELLER_NAME: z.string().min(1).max(200).default('Gacha Gems Co., Ltd.'),
  SELLER_REPRESENTATIVE: z.string().min(1).max(200).default('Representative Director'),
  SELLER_ADDRESS: z.string().min(1).max(300).default('(set SELLER_ADDRESS)'),
  SELLER_EMAIL: z.email().default('support@example.com'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  /** The payout ratio (prize value ÷ price) above which a pack's publish summary warns. */
  payoutWarningRatio: number;
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string;
  sessionSecret: string;
  demoData: boolean;
  maintenance: boolean;
  /**
   * Which proxies in front of the shop are trusted to say the client's address (X-Forwarded-For): false (none),
   * how many hops, or their addresses and CIDR ranges. Never "every hop": a client could then name any address.
   */
  trustProxy: false | number | string[];
  /** Per-route rate limits (@fastify/rate-limit); tests turn them off except where they test them. */
  rateLimits: boolean;
  /** Redis (ioredis) for the rate-limit counters shared between processes; '' = the database or memory. */
  redisUrl: string;
  logLevel: string;
  webDist: string;
  /** The built staff console (apps/admin), served under /admin. */
  adminDist: string;
  cookieSecure: boolean;
  login: { maxFailuresPerAccount: number; maxFailuresPerIp: number; blockMinutes: number };
  /** SMTP URL; '' = messages go to the dev outbox table. */
  mailUrl: string;
  mailFrom: string;
  /** Twilio adapter when all three of accountSid, authToken and from are set; otherwise the dev outbox. */
  twilio: { accountSid: string; authToken: string; from: string; apiBase: string };
  /** OpenID Connect providers; a provider with an empty clientId is off (unless mockIdp). */
  oidc: Record<OidcProviderName, OidcProviderConfig>;
  /** Google and Apple buttons lead to the local mock identity provider (/mock-idp); never in production. */
  mockIdp: boolean;
  /** The dev outbox page /dev/outbox and GET /api/dev/outbox; never in production. */
  devOutbox: boolean;
  /** Gem purchase: which provider serves each payment method, and each provider's settings. */
  payments: PaymentsConfig;
  /** Point transfer from the linked partner site; null when off. */
  transfer: TransferConfig | null;
  /** Where uploaded files (the board's images) are kept. */
  storage: StorageConfig;
  /** Posts a member may make in 24 hours. */
  postsPerDay: number;
  /** The seller's details on the legal and contact pages. */
  seller: { name: string; representative: string; address: string; email: string };
  /** PostgreSQL connections per process. */
  dbPoolMax: number;
  dbStatementTimeoutMs: number;
  /**
   * Who runs the scheduled jobs: pg-boss (PostgreSQL: once per due time across every process), this process's
   * own timers (the embedded SQLite default), or nobody in this process.
   */
  jobs: 'pg-boss' | 'local' | 'off';
  /** The schema pg-boss keeps its queues, schedules and job records in. */
  pgBossSchema: string;
  /** How often pg-boss looks at the schedules (a due job starts within this of its minute). */
  jobsCronCheckSeconds: number;
  /** Prometheus metrics at /metrics; a token, when set, is asked as `Authorization: Bearer <token>`. */
  metrics: { enabled: boolean; token: string };
  /**
   * SIGTERM: for drainMs the process still answers (readiness already failing, every answer closing its
   * connection), then stops accepting and finishes what is in flight; past timeoutMs it exits anyway.
   */
  shutdown: { drainMs: number; timeoutMs: number };
  /**
   * How long a client may take to send a request's headers, and the whole request with its body, before the
   * connection is cut (a slow client holds a socket and its memory; Node checks every second here).
   */
  http: { headersTimeoutMs: number; requestTimeoutMs: number };
  /** `npm run start:cluster`: worker processes, and the port of the primary's summed metrics (0/undefined: none). */
  cluster: { workers: number; metricsPort: number | undefined };
}

export type StorageConfig = { kind: 'local'; dir: string } | S3StorageConfig;
export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  /** '' = AWS itself; an S3-compatible service's URL otherwise. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Prepended to every key ('' or 'folder/'). */
  prefix: string;
}

export interface TransferConfig {
  /** The partner's API origin and path; the sandbox partner's when `sandbox`. */
  baseUrl: string;
  keyId: string;
  /** HMAC key of every request to the partner. */
  secret: string;
  name: string;
  timeoutMs: number;
  gemsPerPoint: number;
  /** The built-in sandbox partner (/sandbox-partner) plays the partner site. */
  sandbox: boolean;
}

export type PaymentProviderName = 'sandbox' | 'stripe' | 'paypal' | 'carrier';
export type PaymentMethodKey =
  'card' | 'combini' | 'bank' | 'unionpay' | 'alipay' | 'paypal' | 'carrier' | 'amazon_pay';
export interface PaymentsConfig {
  /** The built-in sandbox provider and its pages under /sandbox-pay. */
  sandbox: boolean;
  /** Key the sandbox signs its notifications and Amazon Pay button payloads with. */
  sandboxSecret: string;
  /** Provider per method; 'none' hides the method. */
  methods: Record<PaymentMethodKey, PaymentProviderName | 'none'>;
  /** Allowed age of a signed notification (seconds). */
  notifyToleranceSeconds: number;
  stripe: { secretKey: string; webhookSecret: string; apiBase: string };
  paypal: { clientId: string; clientSecret: string; baseUrl: string; webhookId: string };
  carrier: { baseUrl: string; merchantId: string; secret: string };
  /** Yen per dollar used until the shop stores a monthly rate (settings 'fx_usd_jpy'). */
  fxUsdJpy: number;
}

export type OidcProviderName = 'google' | 'apple';
export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
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
  if (e.JOBS === 'pg-boss' && !isPg)
    throw new ConfigError('Invalid configuration:\n  JOBS: pg-boss needs a postgres:// DATABASE_URL');
  if (e.NODE_ENV === 'production') {
    const problems = productionProblems(e);
    if (problems.length) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
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
    trustProxy: e.TRUST_PROXY,
    rateLimits: e.RATE_LIMITS ?? e.NODE_ENV !== 'test',
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    adminDist: e.ADMIN_DIST,
    cookieSecure: e.PUBLIC_URL.startsWith('https://'),
    login: {
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      blockMinutes: e.LOGIN_BLOCK_MINUTES,
    },
    mailUrl: e.MAIL_URL,
    mailFrom: e.MAIL_FROM,
    twilio: {
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN,
      from: e.TWILIO_FROM,
      apiBase: e.TWILIO_API_BASE,
    },
    oidc: {
      google: { issuer: e.GOOGLE_ISSUER, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET },
      apple: { issuer: e.APPLE_ISSUER, clientId: e.APPLE_CLIENT_ID, clientSecret: e.APPLE_CLIENT_SECRET },
    },
    mockIdp:
      e.NODE_ENV !== 'production' && (e.MOCK_IDP ?? (e.NODE_ENV === 'development' || e.DEMO_DATA === true)),
    devOutbox: e.NODE_ENV !== 'production' && (e.DEV_OUTBOX ?? true),
    storage: storageConfig(e),
    postsPerDay: e.POSTS_PER_DAY,
    seller: {
      name: e.SELLER_NAME,
      representative: e.SELLER_REPRESENTATIVE,
      address: e.SELLER_ADDRESS,
      email: e.SELLER_EMAIL,
    },
    payoutWarningRatio: e.PAYOUT_WARNING_PERCENT / 100,
    dbPoolMax: e.DB_POOL_MAX,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    jobs: e.JOBS === 'auto' ? (isPg ? 'pg-boss' : 'local') : e.JOBS,
    pgBossSchema: e.PGBOSS_SCHEMA,
    jobsCronCheckSeconds: e.JOBS_CRON_CHECK_SECONDS,
    metrics: { enabled: e.METRICS ?? false, token: e.METRICS_TOKEN },
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    http: {
      headersTimeoutMs: Math.min(e.HTTP_HEADERS_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS),
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    },
    cluster: { workers: e.CLUSTER_WORKERS ?? availableParallelism(), metricsPort: e.CLUSTER_METRICS_PORT },
    transfer: transferConfig(
      e,
      e.SESSION_SECRET ?? devSecret(isPg ? resolve(repoRoot, 'data/x') : databaseUrl),
    ),
    payments: paymentsConfig(
      e,
      e.SESSION_SECRET ?? devSecret(isPg ? resolve(repoRoot, 'data/x') : databaseUrl),
    ),
  };
}

/**
 * TRUST_PROXY: '0'/'false'/'' → false; a whole number → that many proxy hops; otherwise a comma-separated list
 * of addresses or CIDR ranges. Answers a problem (string) for anything else, 'true' included.
 */
export function parseTrustProxy(v: string): false | number | string[] | string {
  const value = v.trim();
  if (value === '' || value === '0' || value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : 'must be at most 10 proxy hops';
  }
  if (value === 'true' || value === '*')
    return 'trusting every hop lets any client choose its address; give the number of proxies or their addresses';
  const list = value.split(',').map((a) => a.trim());
  const bad = list.filter((a) => {
    const [addr, bits, extra] = a.split('/');
    if (extra !== undefined || !addr || !isIP(addr)) return true;
    if (bits === undefined) return false;
    const max = isIP(addr) === 4 ? 32 : 128;
    return !/^\d{1,3}$/.test(bits) || Number(bits) > max;
  });
  return bad.length
    ? `not an address or CIDR range: ${bad.join(', ')} (give a hop count or a comma-separated list)`
    : list;
}

/** What production refuses to start with: each is a way to get gems or data without paying or asking. */
function productionProblems(e: z.output<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (!e.SESSION_SECRET) problems.push('SESSION_SECRET: required in production');
  if (!e.PUBLIC_URL.startsWith('https://'))
    problems.push(
      'PUBLIC_URL: must be an https:// address in production (cookies are Secure only behind TLS)',
    );
  if (e.SANDBOX_PAYMENTS)
    problems.push(
      'SANDBOX_PAYMENTS: the sandbox settles any payment without money; never allowed in production',
    );
  for (const [name, value] of Object.entries(e)) {
    if (name.startsWith('PAYMENT_PROVIDER_') && value === 'sandbox')
      problems.push(`${name}: the sandbox is never allowed in production`);
  }
  if (e.DEMO_DATA) problems.push('DEMO_DATA: demo members and gems are never allowed in production');
  if (e.MOCK_IDP) problems.push('MOCK_IDP: the mock identity provider is never allowed in production');
  if (e.DEV_OUTBOX)
    problems.push('DEV_OUTBOX: the dev outbox shows every mail and code; never allowed in production');
  if (e.SELLER_ADDRESS === '(set SELLER_ADDRESS)' || e.SELLER_EMAIL === 'support@example.com')
    problems.push(
      "SELLER_ADDRESS, SELLER_EMAIL: the legal pages need the shop's real address and mail in production",
    );
  if (e.SANDBOX_PARTNER)
    problems.push(
      'SANDBOX_PARTNER: the sandbox partner hands out points for free; never allowed in production',
    );
  if (e.METRICS && !e.METRICS_TOKEN)
    problems.push(
      'METRICS_TOKEN: required with METRICS=1 in production (the metrics name routes, members and money)',
    );
  return problems;
}

/** Stored files: an S3-compatible bucket when S3_BUCKET is set (with its keys), else files under STORAGE_DIR. */
function storageConfig(e: z.output<typeof envSchema>): StorageConfig {
  if (!e.S3_BUCKET) return { kind: 'local', dir: resolve(repoRoot, e.STORAGE_DIR) };
  if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required with S3_BUCKET',
    );
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== '',
    prefix: e.S3_PREFIX,
  };
}

/**
 * Point transfer: a real partner when PARTNER_BASE_URL is set (with PARTNER_SECRET), else outside production
 * the sandbox partner this server serves under /sandbox-partner; in production without a partner it is off.
 */
function transferConfig(e: z.output<typeof envSchema>, sessionSecret: string): TransferConfig | null {
  const real = e.PARTNER_BASE_URL !== '';
  if (real && e.PARTNER_SECRET.length < 16)
    throw new ConfigError(
      'Invalid configuration:\n  PARTNER_SECRET: at least 16 characters with PARTNER_BASE_URL',
    );
  const sandbox = !real && (e.SANDBOX_PARTNER ?? e.NODE_ENV !== 'production');
  if (!real && !sandbox) return null;
  return {
    baseUrl: real ? e.PARTNER_BASE_URL.replace(/\/+$/, '') : '/sandbox-partner/api',
    keyId: e.PARTNER_KEY_ID,
    secret: real
      ? e.PARTNER_SECRET
      : createHmac('sha256', sessionSecret).update('sandbox-partner').digest('hex'),
    name: e.PARTNER_NAME ?? (real ? 'Partner site' : 'Sandbox Partner'),
    timeoutMs: e.PARTNER_TIMEOUT_MS,
    gemsPerPoint: e.TRANSFER_GEMS_PER_POINT,
    sandbox,
  };
}

/**
 * Payments: the sandbox is on by default outside production unless a real provider is configured; each
 * method goes to its PAYMENT_PROVIDER_* choice, else to the configured real provider, else to the sandbox,
 * else nowhere ('none'). A method pointed at a provider without credentials stops the server.
 */
function paymentsConfig(e: z.output<typeof envSchema>, sessionSecret: string): PaymentsConfig {
  const has = {
    stripe: e.STRIPE_SECRET_KEY !== '',
    paypal: e.PAYPAL_CLIENT_ID !== '' && e.PAYPAL_CLIENT_SECRET !== '',
    carrier: e.CARRIER_BASE_URL !== '' && e.CARRIER_SECRET !== '' && e.CARRIER_MERCHANT_ID !== '',
  };
  const sandbox =
    e.SANDBOX_PAYMENTS ?? (e.NODE_ENV !== 'production' && !has.stripe && !has.paypal && !has.carrier);
  const pick = (
    chosen: PaymentProviderName | 'none' | undefined,
    real: 'stripe' | 'paypal' | 'carrier' | null,
  ): PaymentProviderName | 'none' => chosen ?? (real && has[real] ? real : sandbox ? 'sandbox' : 'none');
  const methods: PaymentsConfig['methods'] = {
    card: pick(e.PAYMENT_PROVIDER_CARD, 'stripe'),
    combini: pick(e.PAYMENT_PROVIDER_COMBINI, 'stripe'),
    bank: pick(e.PAYMENT_PROVIDER_BANK, 'stripe'),
    unionpay: pick(e.PAYMENT_PROVIDER_UNIONPAY, 'stripe'),
    alipay: pick(e.PAYMENT_PROVIDER_ALIPAY, 'stripe'),
    paypal: pick(e.PAYMENT_PROVIDER_PAYPAL, 'paypal'),
    carrier: pick(e.PAYMENT_PROVIDER_CARRIER, 'carrier'),
    amazon_pay: pick(e.PAYMENT_PROVIDER_AMAZON_PAY, null),
  };
  const problems: string[] = [];
  for (const [method, provider] of Object.entries(methods)) {
    const name = `PAYMENT_PROVIDER_${method.toUpperCase()}`;
    if (provider === 'sandbox' && !sandbox) problems.push(`${name}: the sandbox is off (SANDBOX_PAYMENTS=0)`);
    if (provider === 'stripe' && !has.stripe) problems.push(`${name}: stripe needs STRIPE_SECRET_KEY`);
    if (provider === 'paypal' && !has.paypal)
      problems.push(`${name}: paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET`);
    if (provider === 'carrier' && !has.carrier)
      problems.push(`${name}: carrier needs CARRIER_BASE_URL, CARRIER_MERCHANT_ID and CARRIER_SECRET`);
  }
  if (Object.values(methods).includes('stripe') && !e.STRIPE_WEBHOOK_SECRET)
    problems.push('STRIPE_WEBHOOK_SECRET: required when a method uses stripe');
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return {
    sandbox,
    sandboxSecret:
      e.SANDBOX_SIGNING_SECRET ?? createHmac('sha256', sessionSecret).update('sandbox-pay').digest('hex'),
    methods,
    notifyToleranceSeconds: e.PAYMENT_NOTIFY_TOLERANCE,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    paypal: {
      clientId: e.PAYPAL_CLIENT_ID,
      clientSecret: e.PAYPAL_CLIENT_SECRET,
      baseUrl: e.PAYPAL_BASE_URL,
      webhookId: e.PAYPAL_WEBHOOK_ID,
    },
    carrier: { baseUrl: e.CARRIER_BASE_URL, merchantId: e.CARRIER_MERCHANT_ID, secret: e.CARRIER_SECRET },
    fxUsdJpy: e.FX_USD_JPY,
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
