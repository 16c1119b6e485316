import { crc32, deflateSync } from 'node:zlib';

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

/** The first bytes of a JPEG and of a WebP file: enough for a format check by content. */
export const jpegStart = Buffer.concat([
  Buffer.from('ffd8ffe000104a464946', 'hex'),
  Buffer.alloc(64),
]);
export const webpStart = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([64, 0, 0, 0]),
  Buffer.from('WEBPVP8 ', 'latin1'),
  Buffer.alloc(64),
]);
