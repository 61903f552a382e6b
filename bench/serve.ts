/**
 * `npm run bench -- serve [seconds]`: sendStoredObject over the disk driver against nginx serving the same files,
 * both on loopback, measured with wrk (100 connections) on a 200 KB derivative and a 20 MB original.
 * Goals: ≥ 70 % of nginx's requests/s on the small file, ≥ 90 % of its MB/s on the large one.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { createLocalStorage } from '../server/storage/local-storage';
import { sendStoredObject } from '../server/storage/serve-object';
import { SmallObjectCache } from '../server/storage/small-object-cache';
import { makeTempDir } from '../server/test/harness';
import { MAIN_GALLERY_FOLDER } from '../shared/folders';
import { writeBenchmarkSection } from './_doc-section';
import { printRatio } from './_report';

/** As on /media: a derivative is immutable under its content-addressed key (and may be cached), an original not. */
const FILES = [
  { key: `${MAIN_GALLERY_FOLDER}/grid-960.webp`, bytes: 200 * 1024, type: 'image/webp', immutable: true },
  { key: `${MAIN_GALLERY_FOLDER}/original.mp4`, bytes: 20 * 1024 * 1024, type: 'video/mp4', immutable: false },
];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** wrk's own summary lines: "Requests/sec: 1234.56" and "Transfer/sec: 12.34MB". */
async function wrk(url: string, seconds: number): Promise<{ requests: number; megabytes: number }> {
  // Asynchronous: our server runs in this process and must keep answering while wrk runs.
  const { stdout: out } = await promisify(execFile)('wrk', ['-t2', '-c100', `-d${seconds}s`, url], {
    encoding: 'utf8',
  });
  if (/Non-2xx/.test(out)) throw new Error(`wrk saw errors for ${url}:\n${out}`);
  const requests = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const [, amount = '0', unit = 'B'] = /Transfer\/sec:\s+([\d.]+)(\w+)/.exec(out) ?? [];
  const scale: Record<string, number> = { B: 1e-6, KB: 1024 / 1e6, MB: 1024 ** 2 / 1e6, GB: 1024 ** 3 / 1e6 };
  return { requests, megabytes: Number(amount) * (scale[unit] ?? 1) };
}

async function startNginx(root: string, work: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const config = path.join(work, 'nginx.conf');
  // Debian's stock settings that matter for static files: worker_processes auto, sendfile, tcp_nopush, keepalive.
  fs.writeFileSync(
    config,
    `worker_processes auto;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  types { image/webp webp; video/mp4 mp4; }
  client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy; fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi; scgi_temp_path ${work}/scgi;
  server { listen 127.0.0.1:${port}; root ${root}; }
}
`,
  );
  const child = spawn('/usr/sbin/nginx', ['-c', config, '-p', work, '-g', 'daemon off;'], { stdio: 'inherit' });
  await waitForPort(port);
  return { url: `http://127.0.0.1:${port}`, process: child };
}

/** The most a Node process can do here: no routing, no checks, no validators; the small file from memory. */
async function startBareNode(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const small = FILES.filter((file) => file.immutable).map((file) => ({
    ...file,
    body: fs.readFileSync(path.join(root, file.key)),
  }));
  const server = http.createServer((request, response) => {
    const key = (request.url ?? '').slice(1);
    const file = FILES.find((candidate) => candidate.key === key);
    if (!file) return void response.writeHead(404).end();
    const inMemory = small.find((candidate) => candidate.key === key);
    response.writeHead(200, { 'content-type': file.type, 'content-length': file.bytes });
    if (inMemory) response.end(inMemory.body);
    else fs.createReadStream(path.join(root, key), { highWaterMark: 1024 * 1024 }).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitForPort(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listens on port ${port}`);
}

export async function run(args: string[]): Promise<void> {
  const seconds = Number(args[0] ?? 10);
  const temp = makeTempDir('gallery-bench-serve-');
  fs.chmodSync(temp.dir, 0o755); // nginx's workers run as an unprivileged user and must read the files
  const root = path.join(temp.dir, 'media');
  const storage = createLocalStorage(root);
  for (const file of FILES) await storage.put(file.key, randomBytes(file.bytes), { contentType: file.type });

  const cache = new SmallObjectCache();
  const app = Fastify({ logger: false });
  app.get('/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = FILES.find((candidate) => candidate.key === key);
    return sendStoredObject(request, reply, storage, key, {
      contentType: file?.type ?? 'application/octet-stream',
      cacheControl: 'public, max-age=3600',
      cache: file?.immutable ? cache : undefined,
    });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const ours = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const nginx = await startNginx(root, temp.dir);
  const bare = await startBareNode(root);

  try {
    const rows: string[] = [];
    for (const file of FILES) {
      await wrk(`${ours}/${file.key}`, 2); // warm-up: JIT and page cache
      await wrk(`${nginx.url}/${file.key}`, 2);
      await wrk(`${bare.url}/${file.key}`, 2);
      const a = await wrk(`${ours}/${file.key}`, seconds);
      const b = await wrk(`${nginx.url}/${file.key}`, seconds);
      const c = await wrk(`${bare.url}/${file.key}`, seconds);
      const label = `${(file.bytes / 1024).toFixed(0)} KiB`;
      printRatio(`${label} bare node:http (requests/s)`, c.requests, b.requests, 'req/s');
      printRatio(`${label} bare node:http (throughput)`, c.megabytes, b.megabytes, 'MB/s');
      const requestRatio = printRatio(`${label} requests/s`, a.requests, b.requests, 'req/s');
      const byteRatio = printRatio(`${label} throughput`, a.megabytes, b.megabytes, 'MB/s');
      const small = file.bytes < 1024 * 1024;
      const goal = small
        ? `requests/s ${(requestRatio * 100).toFixed(1)} % — goal 70 %: ${requestRatio >= 0.7 ? 'met' : '**not met**'}`
        : `MB/s ${(byteRatio * 100).toFixed(1)} % — goal 90 %: ${byteRatio >= 0.9 ? 'met' : '**not met**'}`;
      const bareShare = small ? c.requests / b.requests : c.megabytes / b.megabytes;
      rows.push(
        `| ${small ? '200 KB derivative' : '20 MB original'} | ${a.requests.toFixed(0)} req/s, ${a.megabytes.toFixed(0)} MB/s | ${b.requests.toFixed(0)} req/s, ${b.megabytes.toFixed(0)} MB/s | ${c.requests.toFixed(0)} req/s, ${c.megabytes.toFixed(0)} MB/s (${(bareShare * 100).toFixed(1)} %) | ${goal} |`,
      );
    }
    const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    writeBenchmarkSection(
      'serve',
      `
\`npm run bench -- serve [seconds]\` stores a 200 KB and a 20 MB file with the disk driver, serves them from a
Fastify app through \`sendStoredObject\` as /media does (ETag, Range, nosniff; the derivative through the
small-object cache, the original streamed in 1 MiB reads; one Node process) and from nginx (worker_processes auto,
sendfile on: Debian's defaults) on loopback, and loads each with \`wrk -t2 -c100 -d${seconds}s\` after a 2 s warm-up.
A third server shows the ceiling of Node itself: a bare \`node:http\` handler with no checks at all, answering the
small file from a Buffer and piping the large one from a 1 MiB read stream. Goals: at least 70 % of nginx's
requests/s on the small file, at least 90 % of its MB/s on the large one.

| file | ours | nginx | bare node:http (share of nginx) | ratio / goal |
|---|---|---|---|---|
${rows.join('\n')}

Load average during the run: ${load} (2 cores; wrk shares them with the server under test).
`,
    );
  } finally {
    await bare.close();
    nginx.process.kill('SIGTERM');
    await new Promise((resolve) => nginx.process.once('exit', resolve));
    await app.close();
    temp.remove();
  }
}
