import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of one colour, `size` pixels square: what an admin's picture upload carries. */
export function pngPicture(size = 4, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill(rgb).flat())]);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array<Buffer>(size).fill(row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of a JPEG: enough for a format check by content, not for a picture. */
export const jpegStart = Buffer.concat([
  Buffer.from('ffd8ffe000104a464946', 'hex'),
  Buffer.alloc(64),
]);

/**
 * A camera's JPEG, `width`×`height`: it carries what phones write beside the pixels (maker,
 * model, GPS position) that the shop must never pass on.
 */
export async function cameraJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .withExif({
      IFD0: { Make: 'ApexTestCam', Model: 'Pocket 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '45/1 37/1 12/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '9/1 17/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

/** A WebP picture of one colour. */
export const webpPicture = (width = 8, height = 8): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 160, b: 60 } } })
    .webp()
    .toBuffer();

type Headers = Record<string, string>;

/** Uploads a picture as an admin's browser does (`headers` name the admin). */
export const upload = (app: FastifyInstance, headers: Headers, bytes: Buffer, type = 'image/png') =>
  app.inject({
    method: 'POST',
    url: '/api/part-images',
    headers: { ...headers, 'content-type': type },
    payload: bytes,
  });

/** Uploads a picture that must be taken: its address, for a part's image. */
export const uploaded = async (app: FastifyInstance, headers: Headers, bytes: Buffer) => {
  const res = await upload(app, headers, bytes);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ image: string }>().image;
};

/** Adds a part (a carbon bonnet) whose image is `image`. */
export const addPart = (app: FastifyInstance, headers: Headers, image: string) =>
  app.inject({
    method: 'POST',
    url: '/api/parts',
    headers,
    payload: {
      name: 'Carbon Bonnet',
      minorder: 1,
      price: 899,
      image,
      quantity: 4,
      description: 'A carbon-fibre bonnet.',
    },
  });

/**
 * A web server of pictures somewhere else, as an admin's supplier has: each path answers what
 * `routes` says (a picture's bytes, a status, or a redirect). Its address is on this machine,
 * which the test shop may fetch from (PICTURES_FROM_PRIVATE_NETWORKS).
 */
export async function servePictures(
  routes: Record<string, Buffer | number | { redirectTo: string }>,
): Promise<{ url: (path: string) => string; requests: () => number; close: () => Promise<void> }> {
  const { createServer } = await import('node:http');
  let requests = 0;
  const server = createServer((request, response) => {
    requests++;
    const answer = routes[request.url ?? ''];
    if (answer === undefined) response.writeHead(404).end();
    else if (typeof answer === 'number') response.writeHead(answer).end();
    else if (Buffer.isBuffer(answer))
      response.writeHead(200, { 'content-type': 'image/png' }).end(answer);
    else response.writeHead(302, { location: answer.redirectTo }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
