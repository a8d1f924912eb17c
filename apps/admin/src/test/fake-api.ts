import { setCsrf, setFetch } from '../lib/api.ts';

/** A handler answers a call's fields (state 200 unless it names another); the envelope adds state and csrf. */
type Handler = (payload: Record<string, unknown> | undefined, url: URL) => Record<string, unknown>;

export interface Call {
  method: string;
  path: string;
  payload: Record<string, unknown> | undefined;
  csrf: string | null;
}

/**
 * The console's API in tests, at the transport (lib/api.ts's fetch): routes are 'GET admin/me',
 * 'POST admin/login' (the path without /api/ and without the query); every answer carries a csrf pair, and
 * every POST's form is read (csrf_value, json) so tests can check what was sent.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  let pair = 0;
  setCsrf(null);
  setFetch(async (input, init) => {
    const url = new URL(input, 'http://console.test');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\//, '');
    const form = typeof init.body === 'string' ? new URLSearchParams(init.body) : null;
    const payload = form ? (JSON.parse(form.get('json') ?? '{}') as Record<string, unknown>) : undefined;
    calls.push({ method, path, payload, csrf: form?.get('csrf_value') ?? null });
    const handler = routes[`${method} ${path}`];
    const fields = handler ? handler(payload, url) : { state: 404, message: 'Not found.' };
    const body = { state: 200, ...fields, csrf: { name: 'csrf', value: `pair-${++pair}` } };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    calls,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
    set(key: string, handler: Handler) {
      routes[key] = handler;
    },
  };
}

export const ME_SIGNED_OUT = {
  signed_in: false,
  email: '',
  role: null,
  second_factor: false,
  enrolled: false,
  permissions: [],
};

export const ROLE_PERMISSIONS = {
  owner: [
    'staff.manage',
    'audit.read',
    'catalogue.read',
    'catalogue.write',
    'shipping.read',
    'shipping.write',
    'board.moderate',
    'members.read',
    'members.pii',
    'members.write',
    'dashboard.read',
    'payments.read',
    'payments.refund',
    'payments.match',
    'accounting.read',
  ],
  operator: [
    'audit.read',
    'catalogue.read',
    'catalogue.write',
    'shipping.read',
    'shipping.write',
    'board.moderate',
    'members.read',
    'members.pii',
    'members.write',
    'dashboard.read',
    'payments.read',
    'payments.refund',
    'payments.match',
    'accounting.read',
  ],
  support: [
    'catalogue.read',
    'shipping.read',
    'shipping.write',
    'board.moderate',
    'members.read',
    'members.pii',
    'members.write',
    'dashboard.read',
    'payments.read',
    'payments.match',
  ],
  viewer: [
    'catalogue.read',
    'shipping.read',
    'members.read',
    'dashboard.read',
    'payments.read',
    'accounting.read',
  ],
} as const;

export function meAs(role: keyof typeof ROLE_PERMISSIONS) {
  return {
    signed_in: true,
    email: `${role}@shop.example`,
    role,
    second_factor: true,
    enrolled: true,
    permissions: [...ROLE_PERMISSIONS[role]],
  };
}
