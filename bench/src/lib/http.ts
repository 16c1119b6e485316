// A small HTTP client over keep-alive sockets: cheaper per request than fetch, so the load the
// benchmark generates costs the machine little next to the server it measures.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as text; empty when the caller asked to discard it. */
  body: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Read the answer to its end but keep none of it (the load never looks at bodies). */
  discardBody?: boolean;
  timeoutMs?: number;
  /** A fresh connection, for polling a server that is still starting. */
  noKeepAlive?: boolean;
}

export function request(
  base: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string | number> = { ...options.headers };
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(path, base),
      { method, headers, agent: options.noKeepAlive ? false : agent },
      (res) => {
        const chunks: Buffer[] = [];
        if (options.discardBody) res.resume();
        else res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(options.timeoutMs ?? 15_000, () => {
      req.destroy(new Error(`no answer to ${method} ${path} within the timeout`));
    });
    req.end(payload);
  });
}

/** Fails with the status and the start of the body unless the answer has the expected status. */
export async function expectStatus(
  answer: Promise<Answer>,
  expected: number,
  what: string,
): Promise<Answer> {
  const got = await answer;
  if (got.status !== expected) {
    throw new Error(`${what}: expected ${expected}, got ${got.status} ${got.body.slice(0, 300)}`);
  }
  return got;
}
