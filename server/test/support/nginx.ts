import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { makeTempDir } from '../harness';
import { freePort } from './server-process';

/** Where Debian's package puts nginx; null when it is not installed. */
export function findNginx(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

export interface RoundRobinProxy {
  url: string;
  /** The access log so far: one entry per request, with the upstream (host:port) that answered it. */
  requests(): Array<{ method: string; uri: string; upstream: string; status: number }>;
  stop(): Promise<void>;
}

/**
 * nginx as an unprivileged process in a temp folder, sending requests to `upstreams` in turn (round robin, no
 * stickiness), with request and response bodies streamed (tus PATCHes, downloads) and no retry of a request on
 * another upstream. Its access log names the upstream of every request, so a test can show where each one went.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const servers = upstreams.map((url) => `    server ${new URL(url).host} max_fails=0;`).join('\n');
  let log = '';
  const nginx = await startNginx(({ dir, port }) => {
    log = path.join(dir, 'access.log');
    return `
http {
  access_log off;
${tempPaths(dir)}
  log_format upstreams '$request_method $uri $upstream_addr $status';
  upstream app {
${servers}
  }
  server {
    listen 127.0.0.1:${port};
    access_log ${log} upstreams;
    client_max_body_size 0;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header Connection "";
      proxy_request_buffering off;
      proxy_buffering off;
      proxy_next_upstream off;
    }
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
          const [method = '', uri = '', upstream = '', status = '0'] = line.split(' ');
          return { method, uri, upstream, status: Number(status) };
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
