/**
 * deploy/try-local.sh's checks through the proxy: a demo member logs in, buys a pack, and a GET load runs while
 * one app process gets SIGTERM (it drains, nginx sends the rest to the other): no request fails.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [base, pidFile] = process.argv.slice(2) as [string, string];
const cookies = new Map<string, string>();
let csrf: { name: string; value: string } | null = null;
async function call(path: string, payload?: unknown) {
  const headers: Record<string, string> = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  let body: string | undefined;
  if (payload !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams({
      csrf_name: csrf!.name,
      csrf_value: csrf!.value,
      json: JSON.stringify(payload),
    }).toString();
  }
  const res = await fetch(`${base}/api${path}`, { method: body ? 'POST' : 'GET', headers, body });
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const [k, ...v] = pair!.split('=');
    cookies.set(k!, v.join('='));
  }
  const json = (await res.json()) as { state: number; csrf?: typeof csrf } & Record<string, unknown>;
  if (json.csrf) csrf = json.csrf;
  return json;
}
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) process.exitCode = 1;
};

await call('/user/point');
check(
  (await call('/user/login', { mail: 'demo@example.com', pass: 'demo1234' })).state === 200,
  'demo member logs in',
);
let logged = 0;
for (let i = 0; i < 10; i++) if ((await call('/user/point')).is_login === '1') logged++;
check(logged === 10, `the session holds on 10 requests spread over both processes (${logged}/10)`);
const list = (await call('/user/pack/list')) as unknown as { list: { id: number }[] };
// the first pack of the demo catalogue that sells to this member (some are before sale, coin packs, …)
let bought = { state: 0, message: '' } as { state: number; message?: unknown };
let packId = 0;
for (const p of list.list) {
  bought = await call('/user/pack/buy', { packId: p.id, count: '1' });
  packId = p.id;
  if (bought.state === 200) break;
}
check(bought.state === 200, `a pack bought through the proxy (pack ${packId}, state ${bought.state})`);

const pid = Number(readFileSync(pidFile, 'utf8'));
setTimeout(() => process.kill(pid, 'SIGTERM'), 1500);
const r = await autocannon({ url: `${base}/api/user/point`, connections: 20, duration: 6 });
check(
  r.errors === 0 && r.non2xx === 0,
  `SIGTERM to one process under load: ${r.requests.total} requests, ${r.errors} errors, ${r.non2xx} non-2xx`,
);
