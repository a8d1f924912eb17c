/**
 * The cost of the API envelope (session lookup, csrf pair, JSON answer) against a bare Fastify route in the
 * same process: GET /api/user/point for a logged-in member vs GET /bare.
 */
import { load, startShop } from './lib.ts';

export async function run() {
  const shop = await startShop();
  shop.app.log.level = 'silent';
  try {
    const bare = await load({ url: `${shop.url}/healthz` });
    const guest = await load({ url: `${shop.url}/api/user/point` });
    console.log('envelope: GET /healthz (bare route, one db read)      ', bare);
    console.log('envelope: GET /api/user/point (guest, csrf pair)        ', guest);
    console.log(`envelope: ratio guest/bare = ${(guest.requestsPerSec / bare.requestsPerSec).toFixed(2)}`);
    return { bare, guest };
  } finally {
    await shop.close();
  }
}
