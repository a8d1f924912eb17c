import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local S3-compatible fake for the AWS SDK pointed at it (path-style: /{bucket}/{key}): PutObject, GetObject and
 * DeleteObject on one bucket, objects kept in memory with their content type and cache control. It checks that
 * requests are signed (AWS Signature V4 header) and answers S3's XML errors (NoSuchKey, NoSuchBucket).
 */
export interface FakeS3 {
  url: string;
  bucket: string;
  objects: Map<string, { body: Buffer; contentType: string; cacheControl: string }>;
  requests: { method: string; key: string }[];
  close(): Promise<void>;
}

/** S3's aws-chunked body (a streamed upload): `<hex size>;chunk-signature=…\r\n<data>\r\n` … `0…`. */
function unchunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    if (eol < 0) break;
    const size = parseInt(raw.subarray(at, eol).toString('latin1').split(';')[0]!, 16);
    if (!size) break;
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

const xmlError = (code: string, status: number) => ({
  status,
  type: 'application/xml',
  body: Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
  ),
});

export async function startFakeS3(bucket = 'gacha-test'): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, b, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    requests.push({ method: req.method ?? '', key });
    let out: { status: number; type?: string; body?: Buffer; headers?: Record<string, string> };
    if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 '))
      out = xmlError('AccessDenied', 403);
    else if (b !== bucket) out = xmlError('NoSuchBucket', 404);
    else if (req.method === 'PUT') {
      const chunked = String(req.headers['content-encoding'] ?? '').includes('aws-chunked');
      objects.set(key, {
        body: chunked ? unchunk(raw) : raw,
        contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
        cacheControl: String(req.headers['cache-control'] ?? ''),
      });
      out = { status: 200, headers: { etag: '"fake"' } };
    } else if (req.method === 'GET') {
      const o = objects.get(key);
      out = o ? { status: 200, type: o.contentType, body: o.body } : xmlError('NoSuchKey', 404);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      out = { status: 204 };
    } else out = xmlError('NotImplemented', 501);
    res.writeHead(out.status, { ...(out.type ? { 'content-type': out.type } : {}), ...out.headers });
    res.end(out.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
