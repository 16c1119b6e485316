import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { balancerConfig } from './balancer';
import { root } from './server-process';

const shipped = readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8');
const plan = { upstreams: ['127.0.0.1:4396', '127.0.0.1:4397'], port: 4395, dir: '/run/x' };

describe("the bench's nginx", () => {
  it('runs deploy/nginx.conf with the upstream, port and files of the run, and nothing else changed', () => {
    const config = balancerConfig(shipped, plan);
    expect(config).toContain(
      '    server 127.0.0.1:4396 max_fails=1 fail_timeout=5s;\n' +
        '    server 127.0.0.1:4397 max_fails=1 fail_timeout=5s;\n  }',
    );
    expect(config).not.toContain(':3001');
    expect(config).toContain('listen 127.0.0.1:4395;');
    expect(config).toContain('pid /run/x/nginx.pid;');
    expect(config).toContain('access_log /run/x/access.log apex;');
    // What the shop ships about retries and timeouts is what the bench measures.
    expect(config).toContain('proxy_next_upstream error timeout http_502 http_503;');
  });

  it('refuses a deploy/nginx.conf whose upstream it no longer recognises', () => {
    expect(() => balancerConfig(shipped.replaceAll('127.0.0.1:300', 'app:'), plan)).toThrow(
      /changed shape/,
    );
  });
});
