import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../config.ts';

export interface TestS3 {
  config: S3Config;
  /** The folder where the server keeps its objects (tests look at it to see writes in progress). */
  directory: string;
  close(): Promise<void>;
}

let counter = 0;

/**
 * An S3-protocol server in this process (s3rver: a real S3 REST implementation over the local
 * disk), on a free loopback port, with one fresh bucket. Close it in afterAll.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'sidasek-s3-'));
  const bucket = `sidasek-uji-${process.pid}-${++counter}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    // s3rver accepts this one key pair (its documented default).
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
