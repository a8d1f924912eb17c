import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';

/**
 * A client that sends its headers, or its request, a byte at a time holds a socket for as long as it likes
 * unless the server cuts it off: the server sets both limits (config `http`), here made short to be watched.
 */
const t = await createTestApp({ http: { headersTimeoutMs: 600, requestTimeoutMs: 1500 } });
let port = 0;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

/** Sends `head` and then one byte of `drip` every 100 ms; answers how long until the server closed, and what it said. */
function dripUntilClosed(head: string, drip: string, maxMs: number): Promise<{ ms: number; said: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let said = '';
    let i = 0;
    const timer = setInterval(() => {
      if (i < drip.length) socket.write(drip[i++]!);
    }, 100);
    const done = () => {
      clearInterval(timer);
      clearTimeout(limit);
      resolve({ ms: Date.now() - started, said });
    };
    const limit = setTimeout(() => {
      socket.destroy();
      done();
    }, maxMs);
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (said += d));
    socket.on('close', done);
    socket.on('error', () => undefined);
    socket.write(head);
  });
}

describe('slow clients', () => {
  it('are cut off when the headers take longer than the headers timeout', async () => {
    const r = await dripUntilClosed(
      'GET /livez HTTP/1.1\r\nHost: shop\r\n',
      'X-Slow: ' + 'a'.repeat(200),
      6000,
    );
    expect(r.ms).toBeLessThan(3000);
    expect(r.said).toMatch(/^HTTP\/1\.1 408/);
  });

  it('are cut off when the body takes longer than the request timeout', async () => {
    const r = await dripUntilClosed(
      'POST /api/user/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 500\r\n\r\n',
      'a'.repeat(500),
      8000,
    );
    expect(r.ms).toBeLessThan(4000);
    expect(r.said).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a prompt request is answered as ever', async () => {
    const r = await fetch(`http://127.0.0.1:${port}/livez`);
    expect(r.status).toBe(200);
  });
});
