import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import {
  CONTENT_TYPES,
  FILE_KEY_PATTERN,
  hashingPass,
  isBytes,
  keyedAccess,
  readWhole,
  sha256Hex,
  type FileInfo,
  type FileSource,
  type FileStore,
} from './file-store.ts';

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Files in an S3-compatible bucket (MinIO, Ceph RGW, a cloud's object storage): one object per
 * key, named by the key itself, with its SHA-256 in the object's metadata (`x-amz-meta-sha256`).
 * Uploads are single PUTs with a known length (files are at most 12 MB); downloads are streamed.
 * The credentials go to the SDK only, never into a message or a log line.
 */
export function s3FileStore(config: S3Config): FileStore & { client: S3Client } {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: older MinIO/Ceph releases refuse the SDK's default
    // aws-chunked uploads with trailing CRC32; integrity is the SHA-256 checked by this store.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  async function store(key: string, source: FileSource): Promise<FileInfo> {
    // The SHA-256 goes into the object's metadata, sent before the content: bytes in memory are
    // hashed first; a stream states it (moves between stores, restores) or is read into memory.
    const bytes = isBytes(source) ? source : source.sha256 ? null : await readWhole(source);
    const pass = hashingPass(bytes ?? source);
    const sha256 = bytes ? sha256Hex(bytes) : (source as { sha256: string }).sha256;
    const size = bytes ? bytes.length : (source as { size: number }).size;
    const ext = key.split('.').pop()!;
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: key,
        Body: bytes ?? Readable.from(pass.parts, { objectMode: false }),
        ContentLength: size,
        ContentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
        Metadata: { sha256 },
      }),
    );
    if (bytes) return { size, sha256 };
    try {
      return pass.check(key);
    } catch (err) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
      throw err;
    }
  }

  async function stat(key: string): Promise<FileInfo | null> {
    if (!FILE_KEY_PATTERN.test(key)) return null;
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: head.ContentLength ?? 0, sha256: head.Metadata?.sha256 ?? null };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  const s3: FileStore & { client: S3Client } = {
    kind: 's3',
    client,
    ...keyedAccess(store, (key) => s3.open(key)),
    async open(key) {
      if (!FILE_KEY_PATTERN.test(key)) return null;
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { size: got.ContentLength ?? 0, sha256: got.Metadata?.sha256 ?? null, body: got.Body as Readable };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    stat,
    async exists(key) {
      return (await stat(key)) !== null;
    },
    async delete(key) {
      if (!FILE_KEY_PATTERN.test(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *keys() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key && FILE_KEY_PATTERN.test(o.Key)) yield o.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
  return s3;
}
