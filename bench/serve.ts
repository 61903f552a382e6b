/**
 * `npm run bench -- serve [seconds]`: sendStoredObject over the disk driver against nginx serving the same files,
 * both on loopback, measured with wrk (100 connections) on a 200 KB derivative and a 20 MB original; and the app
 * behind nginx with the shipped configuration (deploy/nginx), as MEDIA_ACCEL=nginx runs it: the derivative from the
 * public mirror, the original through X-Accel-Redirect.
 * Goals: ≥ 70 % of nginx's requests/s on the small file and ≥ 90 % of its MB/s on the large one for the app alone;
 * ≥ 90 % of nginx for both files through the proxy.
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
import { sendStoredObject } from '../server/http/serve-object';
import { derivativeKey } from '../server/media/types';
import { createPublicMirror } from '../server/services/media/public-mirror';
import { createLocalStorage } from '../server/storage/local-storage';
import { SmallObjectCache } from '../server/storage/small-object-cache';
import { makeTempDir } from '../server/test/harness';
import { startDeployedProxy } from '../server/test/support/deployed-proxy';
import { MAIN_GALLERY_FOLDER } from '../shared/folders';
import { writeBenchmarkSection } from './_doc-section';
import { printRatio } from './_report';

/** One main-gallery item, as /media/<id>/<file> names its files. */
const ITEM_ID = 'benchmark-serve-item01';
const DERIVATIVE = {
  file: '960w-0123456789abcdef.webp',
  role: 'image',
  format: 'webp',
  contentType: 'image/webp',
  width: 960,
  height: 640,
  size: 200 * 1024,
} as const;
/**
 * As on /media: a derivative is immutable under its content-addressed key (and may be cached), an original not.
 * `key` is where the disk driver stores it, `url` its path under /media/.
 */
const FILES = [
  {
    key: derivativeKey(ITEM_ID, DERIVATIVE.file),
    url: `${ITEM_ID}/${DERIVATIVE.file}`,
    bytes: DERIVATIVE.size,
    type: DERIVATIVE.contentType,
    immutable: true,
  },
  {
    key: `${MAIN_GALLERY_FOLDER}/original.mp4`,
    url: `${ITEM_ID}/original`,
    bytes: 20 * 1024 * 1024,
    type: 'video/mp4',
    immutable: false,
  },
];
/** nginx's validator (mtime-size in hex); the app's own is the MD5 of the bytes. */
const NGINX_ETAG = /^"[0-9a-f]+-[0-9a-f]+"$/;

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

/** Turns per server: each gets `seconds / ROUNDS` at a time, in rotation. */
const ROUNDS = 3;

/** The mean rate of each URL over ROUNDS rotations, so a change of load on a shared machine hits every URL. */
type Rate = { requests: number; megabytes: number };
async function interleaved(urls: [string, string, string, string], seconds: number): Promise<[Rate, Rate, Rate, Rate]> {
  const totals: [Rate, Rate, Rate, Rate] = [0, 1, 2, 3].map(() => ({ requests: 0, megabytes: 0 })) as [
    Rate,
    Rate,
    Rate,
    Rate,
  ];
  const turn = Math.max(1, Math.round(seconds / ROUNDS));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, url] of urls.entries()) {
      const result = await wrk(url, turn);
      const total = totals[index];
      if (total) {
        total.requests += result.requests / ROUNDS;
        total.megabytes += result.megabytes / ROUNDS;
      }
    }
  }
  return totals;
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

/**
 * The through-proxy column measures what it names: after the warm-up nginx sends both files (its own ETag), the
 * public derivative from the mirror without asking the app, the original after the app's X-Accel-Redirect.
 */
async function expectSentByNginx(url: string, askingApp: boolean, appRequests: () => number): Promise<void> {
  const before = appRequests();
  const response = await fetch(url);
  await response.arrayBuffer();
  const etag = response.headers.get('etag') ?? '';
  const asked = appRequests() > before;
  if (response.status !== 200 || !NGINX_ETAG.test(etag) || asked !== askingApp) {
    throw new Error(
      `${url} answered ${response.status} with ETag ${etag}, ${asked ? '' : 'not '}asking the app; expected nginx to ` +
        `send it ${askingApp ? 'after asking the app' : 'from the public mirror'}`,
    );
  }
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
  // As /media with MEDIA_ACCEL=nginx for a main-gallery item: a public derivative is answered here once and linked
  // into the public mirror, which nginx sends it from afterwards; an original goes by X-Accel-Redirect and nginx
  // sends the file. The route does no authorization (everything here is public).
  const mirror = createPublicMirror({
    config: { dataDir: temp.dir, mediaAccel: 'nginx', storage: { kind: 'disk', root } },
    media: {
      accessStatesOf: async (ids) =>
        ids.map((id) => ({ id, status: 'ready', deletedAt: null, folder: MAIN_GALLERY_FOLDER }) as const),
    },
    changes: { subscribe: () => () => undefined },
    // A failed link shows below: the check before the turns finds the app asked again.
    logger: app.log,
  });
  let appMediaRequests = 0;
  app.get('/media/*', async (request, reply) => {
    appMediaRequests++;
    const url = (request.params as { '*': string })['*'];
    const file = FILES.find((candidate) => candidate.url === url);
    if (!file) return reply.code(404).send();
    if (file.immutable) void mirror.publish(ITEM_ID, DERIVATIVE);
    return sendStoredObject(request, reply, storage, file.key, {
      contentType: file.type,
      cacheControl: file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      cache: file.immutable ? cache : undefined,
      accel: file.immutable ? undefined : { root },
    });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const ours = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const nginx = await startNginx(root, temp.dir);
  const bare = await startBareNode(root);
  const proxy = await startDeployedProxy({
    appUrl: ours,
    dataDir: temp.dir,
    processes: { workers: 'auto', connections: 1024 },
  });

  try {
    const rows: string[] = [];
    for (const file of FILES) {
      await wrk(`${ours}/${file.key}`, 2); // warm-up: JIT and page cache
      await wrk(`${nginx.url}/${file.key}`, 2);
      await wrk(`${bare.url}/${file.key}`, 2);
      await wrk(`${proxy.url}/media/${file.url}`, 2);
      await mirror.idle();
      await expectSentByNginx(`${proxy.url}/media/${file.url}`, !file.immutable, () => appMediaRequests);
      const [a, b, c, d] = await interleaved(
        [
          `${ours}/${file.key}`,
          `${nginx.url}/${file.key}`,
          `${bare.url}/${file.key}`,
          `${proxy.url}/media/${file.url}`,
        ],
        seconds,
      );
      const label = `${(file.bytes / 1024).toFixed(0)} KiB`;
      const proxyRatio = printRatio(`${label} app behind nginx (requests/s)`, d.requests, b.requests, 'req/s');
      printRatio(`${label} app behind nginx (throughput)`, d.megabytes, b.megabytes, 'MB/s');
      printRatio(`${label} bare node:http (requests/s)`, c.requests, b.requests, 'req/s');
      printRatio(`${label} bare node:http (throughput)`, c.megabytes, b.megabytes, 'MB/s');
      const requestRatio = printRatio(`${label} requests/s`, a.requests, b.requests, 'req/s');
      const byteRatio = printRatio(`${label} throughput`, a.megabytes, b.megabytes, 'MB/s');
      const small = file.bytes < 1024 * 1024;
      const goal = small
        ? `requests/s ${(requestRatio * 100).toFixed(1)} % — goal 70 %: ${requestRatio >= 0.7 ? 'met' : '**not met**'}`
        : `MB/s ${(byteRatio * 100).toFixed(1)} % — goal 90 %: ${byteRatio >= 0.9 ? 'met' : '**not met**'}`;
      const bareShare = small ? c.requests / b.requests : c.megabytes / b.megabytes;
      const proxyGoal = `${(proxyRatio * 100).toFixed(1)} % — goal 90 %: ${proxyRatio >= 0.9 ? 'met' : '**not met**'}`;
      rows.push(
        `| ${small ? '200 KB derivative' : '20 MB original'} | ${a.requests.toFixed(0)} req/s, ${a.megabytes.toFixed(0)} MB/s | ${b.requests.toFixed(0)} req/s, ${b.megabytes.toFixed(0)} MB/s | ${c.requests.toFixed(0)} req/s, ${c.megabytes.toFixed(0)} MB/s (${(bareShare * 100).toFixed(1)} %) | ${goal} | ${d.requests.toFixed(0)} req/s, ${d.megabytes.toFixed(0)} MB/s: ${proxyGoal} |`,
      );
    }
    const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    writeBenchmarkSection(
      'serve',
      `
\`npm run bench -- serve [seconds]\` stores a 200 KB and a 20 MB file with the disk driver, serves them from a
Fastify app through \`sendStoredObject\` as /media does (ETag, Range, nosniff; the derivative through the
small-object cache, the original streamed in 1 MiB reads; one Node process) and from nginx (worker_processes auto,
sendfile on: Debian's defaults) on loopback, and loads each with \`wrk -t2 -c100\` for ${seconds} s in all after a 2 s warm-up, in ${ROUNDS} turns
taken in rotation (the machine is shared, so a slow spell falls on every server alike).
A third server shows the ceiling of Node itself: a bare \`node:http\` handler with no checks at all, answering the
small file from a Buffer and piping the large one from a 1 MiB read stream. Goals: at least 70 % of nginx's
requests/s on the small file, at least 90 % of its MB/s on the large one.

The last column is the app behind nginx as deployed (MEDIA_ACCEL=nginx, the shipped deploy/nginx/
gallery-locations.conf, worker_processes auto), with the rule of /media for a main-gallery item: the public
derivative is answered by the app once, which links it into the public mirror (DATA_DIR/public/media/<id>/<file>, a
symbolic link to the stored file), and from then on nginx finds it there with \`try_files\` and sends the stored file
itself, without asking the app; the original is authorized by the app on every request and sent by nginx from disk
through \`X-Accel-Redirect\`. Its share is of nginx serving the same file directly (requests/s; for one file size that
is also the share of MB/s). Goal: at least 90 % for both files. The route here does no authorization: on /media that
is one lookup by primary key per original request. Before its turns the bench checks that nginx sends both files
(its own ETag), the derivative without the app being asked, the original after it.

| file | ours | nginx | bare node:http (share of nginx) | ratio / goal | app behind nginx: mirror / X-Accel-Redirect (share of nginx) |
|---|---|---|---|---|---|
${rows.join('\n')}

Load average during the run: ${load} (2 cores; wrk shares them with the server under test).
`,
    );
  } finally {
    await bare.close();
    await proxy.stop();
    await mirror.close();
    nginx.process.kill('SIGTERM');
    await new Promise((resolve) => nginx.process.once('exit', resolve));
    await app.close();
    temp.remove();
  }
}
