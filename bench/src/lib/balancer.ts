// nginx in front of the bench's instances, running deploy/nginx.conf as shipped but for its
// upstream servers, its port and where it keeps its files: the same rewrite as the deployment
// suite's (e2e/deployment/cluster.ts), kept here because the two workspaces share no code.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { request } from './http';
import { root } from './server-process';

export interface BalancerPlan {
  /** host:port of each instance, in the upstream's order. */
  upstreams: string[];
  port: number;
  /** Where nginx keeps its pid, temporary files and access log. */
  dir: string;
}

/** deploy/nginx.conf (its text) rewritten for `plan`; throws when its shape is not the one known. */
export function balancerConfig(shipped: string, plan: BalancerPlan): string {
  const servers = plan.upstreams
    .map((host) => `    server ${host} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  const withoutServers = shipped.replace(/^ {4}server 127\.0\.0\.1:300\d .*\n/gm, '');
  const config = withoutServers
    .replace(/^( {2}upstream apex_parts \{\n(?: {4}#.*\n)*)/m, `$1${servers}\n`)
    .replace(/listen 8080;/, `listen 127.0.0.1:${plan.port};`)
    .replaceAll('/tmp/apex-parts-nginx', path.join(plan.dir, 'nginx'))
    .replace(
      'access_log /dev/stdout apex;',
      `access_log ${path.join(plan.dir, 'access.log')} apex;`,
    );
  const rewritten =
    withoutServers !== shipped &&
    config.split('max_fails=1').length === plan.upstreams.length + 1 &&
    config.includes(`listen 127.0.0.1:${plan.port};`) &&
    !config.includes('/tmp/apex-parts-nginx');
  if (!rewritten) throw new Error('deploy/nginx.conf changed shape: the bench cannot rewrite it');
  return config;
}

export interface Balancer {
  base: string;
  stop: () => Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts nginx (NGINX_PATH, else /usr/sbin/nginx) and waits until it answers /api/ready. */
export async function startBalancer(upstreams: string[], port: number): Promise<Balancer> {
  // Not under the run's scratch folder: nginx started as root runs its workers as another user,
  // who must reach their temporary files.
  const dir = mkdtempSync(path.join(tmpdir(), 'apex-bench-nginx-'));
  chmodSync(dir, 0o777);
  const configFile = path.join(dir, 'nginx.conf');
  const shipped = readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8');
  writeFileSync(configFile, balancerConfig(shipped, { upstreams, port, dir }));
  let output = '';
  const nginx = spawn(
    process.env.NGINX_PATH ?? '/usr/sbin/nginx',
    ['-c', configFile, '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  nginx.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const spawnFailed = new Promise<Error>((resolve) => nginx.once('error', resolve));

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // SIGQUIT: finish the requests in flight, then exit; a stuck nginx is killed after a while.
    nginx.kill('SIGQUIT');
    if (!(await Promise.race([exited(nginx).then(() => true), sleep(10_000)]))) {
      nginx.kill('SIGKILL');
      await exited(nginx);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const base = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + 20_000;
  for (;;) {
    const failed = await Promise.race([spawnFailed, sleep(20).then(() => null)]);
    if (failed || nginx.exitCode !== null || performance.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start: ${failed?.message ?? output.trim()}`);
    }
    const answer = await request(base, 'GET', '/api/ready', {
      noKeepAlive: true,
      discardBody: true,
      timeoutMs: 2_000,
    }).catch(() => null);
    if (answer?.status === 200) return { base, stop };
  }
}
