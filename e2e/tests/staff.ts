import AxeBuilder from '@axe-core/playwright';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';

/** The staff console's side of the e2e journeys: accounts from the command line, the sign-in with TOTP. */

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

/** A name no earlier run used (the e2e database persists between tests of one run). */
export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A server script (apps/server/scripts/<name>.ts) against the e2e server's database (playwright.config.ts). */
export async function serverScript(name: string, ...args: string[]): Promise<unknown> {
  const { stdout } = await run('npx', ['tsx', `apps/server/scripts/${name}.ts`, ...args], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: `./data/e2e-${process.env.E2E_PORT}/shop.sqlite`,
      LOG_LEVEL: 'warn',
    },
  });
  return JSON.parse(stdout) as unknown;
}

/** scripts/staff.ts (create, list, …) against the e2e database. */
export const staffScript = (...args: string[]) =>
  serverScript('staff', ...args) as Promise<Record<string, unknown>>;

/** A new staff account of `role` made from the command line, with its password. */
export async function newStaff(role: 'owner' | 'operator' | 'support' | 'viewer', prefix: string = role) {
  const u = uniqueSuffix();
  const staff = { email: `${prefix}-${u}@shop.example`, password: `${prefix}-pass-${u}` };
  await staffScript('create', '--email', staff.email, '--role', role, '--password', staff.password);
  return staff;
}

/** The current code of an authenticator set up with `secret` (base32). */
export const totpCode = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

/**
 * Signs in at /admin/login with the password and sets up the authenticator (the first sign-in of an account):
 * the code is computed from the key the page shows. Answers the key.
 */
export async function signInAndEnrol(page: Page, email: string, password: string): Promise<string> {
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('6-digit code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them — continue' }).click();
  await expect(page.getByTestId('staff-identity')).toContainText(email);
  return secret;
}

/** axe over the page: its serious and critical violations, printed when there are any. */
export async function seriousViolations(page: Page, label: string) {
  await expect(page.locator('.loading')).toHaveCount(0);
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    }));
  if (serious.length) console.log(`axe (${label}):`, JSON.stringify(serious, null, 2));
  return serious;
}
