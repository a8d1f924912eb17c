import { connect, type Socket } from 'node:net';

/**
 * The bench's HTTP/1.1 sender for storms: a bounded pool of keep-alive connections, each carrying one request at
 * a time, written as prepared bytes and read with only what the bench needs (the status line, Content-Length or
 * chunks, the body). The bench shares the machine's cores with the servers and the database, so what it spends
 * per request is taken from what it measures: node:http's client (agent, request and response objects and their
 * streams) costs several times this per request.
 */

export interface RawAnswer {
  status: number;
  body: string;
}

interface Pending {
  resolve(answer: RawAnswer): void;
  reject(err: Error): void;
}

class Connection {
  private buffered: Buffer | null = null;
  private pending: Pending | null = null;

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    const fail = (err: Error) => {
      const p = this.pending;
      this.pending = null;
      p?.reject(err);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
  }

  static open(host: string, port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port }, () => {
        socket.off('error', reject);
        resolve(new Connection(socket));
      });
      socket.once('error', reject);
    });
  }

  send(request: Buffer): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(request);
    });
  }

  close() {
    this.socket.destroy();
  }

  private read(chunk: Buffer) {
    const data = this.buffered ? Buffer.concat([this.buffered, chunk]) : chunk;
    const parsed = parseResponse(data);
    if (!parsed) {
      this.buffered = data;
      return;
    }
    this.buffered = null;
    const p = this.pending;
    this.pending = null;
    p?.resolve(parsed);
  }
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** One whole response in `data`, or null while more is to come. */
function parseResponse(data: Buffer): RawAnswer | null {
  const headEnd = data.indexOf(HEAD_END);
  if (headEnd < 0) return null;
  const head = data.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  const start = headEnd + 4;
  if (length) {
    const end = start + Number(length[1]);
    return data.length < end ? null : { status, body: data.toString('utf8', start, end) };
  }
  if (!/\r\ntransfer-encoding: *chunked/i.test(head)) return { status, body: '' };
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = parseInt(data.toString('latin1', at, lineEnd), 16);
    const from = lineEnd + 2;
    if (data.length < from + size + 2) return null;
    if (size === 0) return { status, body: Buffer.concat(parts).toString('utf8') };
    parts.push(data.subarray(from, from + size));
    at = from + size + 2;
  }
}

/**
 * At most `size` connections to one server, opened `opening` at a time (a burst of connects beyond a listening
 * socket's backlog gets some of them reset); a request beyond them waits for a free one, and that wait is part of
 * its latency, as behind a proxy with a bounded pool.
 */
export class RawPool {
  private readonly free: Connection[] = [];
  private readonly queue: ((c: Connection) => void)[] = [];
  private opened = 0;
  private readonly host: string;
  private readonly port: number;

  constructor(
    base: string,
    private readonly size: number,
  ) {
    const url = new URL(base);
    this.host = url.hostname;
    this.port = Number(url.port);
  }

  /** Opens every connection now, so that a storm measures requests, not handshakes. */
  async warm(opening = 200): Promise<void> {
    while (this.opened < this.size) {
      const n = Math.min(opening, this.size - this.opened);
      this.opened += n;
      const made = await Promise.all(Array.from({ length: n }, () => Connection.open(this.host, this.port)));
      this.free.push(...made);
    }
  }

  /** The request's bytes: method, path, the member's cookie and a form body. */
  request(method: 'GET' | 'POST', path: string, cookie: string, body = ''): Buffer {
    const form = method === 'POST';
    return Buffer.from(
      `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\ncookie: ${cookie}\r\n` +
        (form
          ? `content-type: application/x-www-form-urlencoded\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`
          : '') +
        `\r\n${body}`,
    );
  }

  async send(request: Buffer): Promise<RawAnswer> {
    const connection = await this.take();
    let answer: RawAnswer;
    try {
      answer = await connection.send(request);
    } catch (err) {
      // a connection the server reset is dropped; the next request beyond the pool's size opens another
      connection.close();
      this.opened--;
      throw err;
    }
    this.give(connection);
    return answer;
  }

  close() {
    for (const c of this.free.splice(0)) c.close();
  }

  private async take(): Promise<Connection> {
    const c = this.free.pop();
    if (c) return c;
    if (this.opened < this.size) {
      this.opened++;
      return Connection.open(this.host, this.port);
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private give(c: Connection) {
    const next = this.queue.shift();
    if (next) next(c);
    else this.free.push(c);
  }
}
