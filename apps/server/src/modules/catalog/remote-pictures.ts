import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';

import { httpErrors } from '@fastify/sensible';
import { useAgent } from 'request-filtering-agent';

import { PART_IMAGE_MAX_BYTES } from '@apex/contract';

/** Redirects a picture's address may take before it is given up. */
const MAX_REDIRECTS = 3;
/** How long the whole download may take. */
const FETCH_TIMEOUT_MS = 10_000;

/** A picture address the shop could not take, with why, worded for the admin who gave it. */
const unusable = (why: string) =>
  httpErrors.badRequest(`Invalid request: body.image: the picture could not be used: ${why}`);

/**
 * Fetches a part's picture from a web address, once, as an admin gave it: the bytes then go
 * through the same checks and storage as an upload (decision 011), so no visitor's browser ever
 * asks a third party for a picture. The request never reaches the shop's own network (loopback,
 * private and link-local addresses are refused, as resolved at connect time, so a name that
 * resolves there later is refused too) unless `privateNetworks` allows it.
 */
export function createPictureFetcher({ privateNetworks }: { privateNetworks: boolean }) {
  function download(address: URL, redirects: number, deadline: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const agent = useAgent(address.toString(), { allowPrivateIPAddress: privateNetworks });
      const get = address.protocol === 'https:' ? httpsGet : httpGet;
      const timeout = Math.max(1, deadline - Date.now());
      const request = get(address, { agent, timeout }, (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.resume();
          if (redirects >= MAX_REDIRECTS) {
            reject(unusable('it redirects too many times'));
            return;
          }
          const next = new URL(location, address);
          if (next.protocol !== 'http:' && next.protocol !== 'https:') {
            reject(unusable('it redirects to an address that is not on the web'));
            return;
          }
          download(next, redirects + 1, deadline).then(resolve, reject);
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(unusable(`the address answered ${status}`));
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > PART_IMAGE_MAX_BYTES) {
          response.destroy();
          reject(unusable('it is larger than 2 MB'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > PART_IMAGE_MAX_BYTES) {
            response.destroy();
            reject(unusable('it is larger than 2 MB'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve(Buffer.concat(chunks)));
        response.on('error', () => reject(unusable('the download broke off')));
      });
      request.on('timeout', () => {
        request.destroy();
        reject(unusable('the address did not answer in time'));
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        // The filtering agent refuses an address on a private network before connecting.
        reject(
          unusable(
            /private|meta/i.test(error.message)
              ? 'the address is on a private network, which the shop does not fetch from'
              : 'the address could not be reached',
          ),
        );
      });
    });
  }

  return {
    /** The bytes at a picture's web address; a 400 naming why when there are none to use. */
    fetchPicture(address: string): Promise<Buffer> {
      return download(new URL(address), 0, Date.now() + FETCH_TIMEOUT_MS);
    },
  };
}
