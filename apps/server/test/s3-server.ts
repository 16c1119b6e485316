import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

import type { S3PicturesConfig } from '../src/config';

export interface TestS3Server {
  /** How the shop reaches the server's bucket. */
  config: S3PicturesConfig;
  /** The keys the bucket holds, whatever put them there, in order. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: S3's HTTP API over a directory) with one empty bucket,
 * on a free port of this machine.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'apex-s3-'));
  const bucket = 'apex-pictures';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const config = {
    bucket,
    endpoint: new URL(`http://127.0.0.1:${port}`),
    region: 'us-east-1',
    forcePathStyle: true,
    // s3rver's own fixed keys.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  return {
    config,
    keys: async () => {
      const client = new S3Client({ ...config, endpoint: config.endpoint.toString() });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      client.destroy();
      return (listed.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])).sort();
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
