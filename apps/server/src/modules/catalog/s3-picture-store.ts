import type { Readable } from 'node:stream';

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

import type { S3PicturesConfig } from '../../config';
import type { PictureStore } from './picture-store';

/** Pictures sit under this key prefix, so the bucket may hold other things beside them. */
const PREFIX = 'parts/';

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' ||
    error.name === 'NoSuchKey' ||
    error.$metadata.httpStatusCode === 404);

/**
 * Pictures in an S3-compatible bucket, shared by every instance. A PUT is atomic in S3: a reader
 * sees the whole object or none. Credentials come from the config, or else the SDK's own chain
 * (profile, instance role).
 */
export function createS3PictureStore(config: S3PicturesConfig): PictureStore {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint.toString() } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // An unreachable store must fail an upload within seconds, not hold the admin's request.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
    maxAttempts: 2,
  });
  const key = (name: string) => `${PREFIX}${name}`;
  return {
    async put(name, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key(name),
          Body: bytes,
          ContentType: contentType,
        }),
      );
    },
    async get(name) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: config.bucket, Key: key(name) }),
        );
        // In Node the SDK's body is an http.IncomingMessage: a Readable.
        return { body: object.Body as Readable, length: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key(name) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: config.bucket,
            Prefix: PREFIX,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key || !object.LastModified) continue;
          yield { name: object.Key.slice(PREFIX.length), storedAt: object.LastModified };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async remove(name) {
      // S3 answers a delete of a missing key with success too.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key(name) }));
    },
    close: () => client.destroy(),
  };
}
