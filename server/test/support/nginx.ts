import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { makeTempDir } from '../harness';
import { freePort } from './server-process';
import { shippedLocations, shippedUpstream } from './shipped-nginx';

/** Where Debian's package puts nginx; null when it is not installed. */
export function findNginx(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

export interface RoundRobinProxy {
  url: string;
  /**
   * The access log so far: one entry per request, with the upstream (host:port) that answered it, or the ones tried
   * in turn when an instance failed ("host:port, host:port").
   */
  requests(): Array<{ method: string; uri: string; upstream: string; status: number }>;
  stop(): Promise<void>;
}

/**
 * nginx as the shipped site runs it (./shipped-nginx.ts: the shipped locations, and the shipped upstream with its
 * passive health settings), in front of `upstreams`, as an unprivileged process in a temp folder. Requests go to the
 * instances in turn (round robin, no stickiness), bodies streamed both ways (tus PATCHes, downloads). Its access log
 * names the upstream of every request, so a test can show where each one went.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  let log = '';
  const nginx = await startNginx(({ dir, port }) => {
    log = path.join(dir, 'access.log');
    // With S3 the public mirror stays empty; on disk, nothing of an instance's DATA_DIR is read through the proxy.
    const dataDir = path.join(dir, 'data');
    return `
http {
  access_log off;
${tempPaths(dir)}
  log_format upstreams '$request_method $uri $status $upstream_addr';
  ${shippedUpstream(upstreams.map((url) => new URL(url).host))}
  server {
    listen 127.0.0.1:${port};
    access_log ${log} upstreams;
    include ${shippedLocations(dir, dataDir)};
  }
}
`;
  });
  const { url } = nginx;
  return {
    url,
    requests: () =>
      (fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [method = '', uri = '', status = '0', ...upstream] = line.split(' ');
          return { method, uri, upstream: upstream.join(' '), status: Number(status) };
        }),
    stop: nginx.stop,
  };
}

export interface RunningNginx {
  url: string;
  /** The temp folder nginx runs in (its prefix): logs, pid and temp paths. */
  dir: string;
  stop(): Promise<void>;
}

/** The temp folders of every nginx module that buffers to disk, inside `dir` (the defaults need root). */
export function tempPaths(dir: string): string {
  return ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${dir}/${kind};`)
    .join('\n');
}

/**
 * nginx as an unprivileged process in a temp folder, with the `http { … }` block that `httpBlock` writes for that
 * folder and a free port (it must listen on 127.0.0.1:port). Resolves once the port answers.
 */
export async function startNginx(
  httpBlock: (where: { dir: string; port: number }) => string,
  processes: { workers?: number | 'auto'; connections?: number } = {},
): Promise<RunningNginx> {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx is not installed');
  const temp = makeTempDir('gallery-nginx-');
  const port = await freePort();
  // Started by root, nginx's workers would switch to `nobody`, who cannot read the tests' 0700 temp folders.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const config = `
${user}
pid ${temp.dir}/nginx.pid;
error_log ${temp.dir}/error.log warn;
worker_processes ${processes.workers ?? 1};
events { worker_connections ${processes.connections ?? 256}; }
${httpBlock({ dir: temp.dir, port })}
`;
  const configFile = path.join(temp.dir, 'nginx.conf');
  fs.writeFileSync(configFile, config);
  const child: ChildProcess = spawn(nginx, ['-p', temp.dir, '-c', configFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${errors}`);
    if (Date.now() > deadline) throw new Error(`nginx did not start: ${errors}`);
    try {
      await fetch(`${url}/api/health`);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    dir: temp.dir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      temp.remove();
    },
  };
}
