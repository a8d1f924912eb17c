import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../config.ts';
import { assertKey, type FileStorage } from './storage.ts';

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO…), through the AWS SDK. */
export function s3Storage(config: S3StorageConfig): FileStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  const key = (k: string) => {
    assertKey(k);
    return `${config.prefix}${k}`;
  };
  return {
    async put(k, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key(k),
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(k) {
      try {
        const r = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key(k) }));
        if (!r.Body) return null;
        return { body: Buffer.from(await r.Body.transformToByteArray()), contentType: r.ContentType ?? '' };
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async delete(k) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key(k) }));
    },
  };
}
