/**
 * `npm run bench -- proof-serve [seconds]`: a watermarked proof against a clean derivative of the same photo size and
 * format, both through the real /media route of the whole app (the access rule with its gallery-mode lookup, the
 * signature, the small-object cache), loaded in turn with wrk. Goal: once cached, a proof request costs no more than
 * a clean one (requests/s of the proof at least those of the clean file, within the noise of one run).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { createMediaUrls, loadMediaUrlKey } from '../server/services/media/media-urls';
import { uploadReadyPhoto } from '../server/test/admin-upload';
import { until } from '../server/test/support/ingest';
import { TestClient } from '../server/test/test-client';
import { writeBenchmarkSection } from './_doc-section';
import { printRatio } from './_report';
import { startBenchServer } from './_server';

const ADMIN = { email: 'photographer@example.com', password: 'bench-admin-password-1' };
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

async function wrkRequests(url: string, seconds: number): Promise<number> {
  const { stdout } = await promisify(execFile)('wrk', ['-t2', '-c50', `-d${seconds}s`, url], { encoding: 'utf8' });
  if (/Non-2xx/.test(stdout)) throw new Error(`wrk saw errors for ${url}:\n${stdout}`);
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
}

async function addClient(admin: TestClient, email: string): Promise<string> {
  const res = await admin.post('/api/admin/clients', { email, fullName: 'Bench Rider' });
  if (res.statusCode !== 201) throw new Error(`client: ${res.statusCode} ${res.body}`);
  return res.json().folder;
}

export async function run(args: string[]): Promise<void> {
  const seconds = Number(args[0] ?? 5);
  const server = await startBenchServer({
    AUTH_SECRET,
    // The origin the in-process admin client sends (same-origin checks compare it with PUBLIC_URL).
    PUBLIC_URL: 'http://localhost:3000',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_INITIAL_PASSWORD: ADMIN.password,
  });
  try {
    const admin = new TestClient(server.app);
    await admin.signIn(ADMIN.email, ADMIN.password);
    const delivered = await addClient(admin, 'delivered@example.com');
    const proofing = await addClient(admin, 'proofing@example.com');
    const clean = await uploadReadyPhoto(admin, server.dataDir, delivered, 'clean.jpg');
    const proofed = await uploadReadyPhoto(admin, server.dataDir, proofing, 'proof.jpg');
    await admin.request({
      method: 'PATCH',
      url: `/api/admin/folders/${encodeURIComponent(proofing)}`,
      payload: { mode: 'proofing' },
    });
    const derived = path.join(server.dataDir, 'media', '_derived', proofed.id);
    let proofFile = '';
    await until(async () => {
      proofFile = fs.existsSync(derived)
        ? (fs.readdirSync(derived).find((name) => name.startsWith('proof-')) ?? '')
        : '';
      return proofFile !== '';
    }, 'the proof');
    // The clean WebP of the same width, as a delivered client's signed URL names it.
    const width = /^proof-(\d+)w-/.exec(proofFile)?.[1];
    const cleanFile = fs
      .readdirSync(path.join(server.dataDir, 'media', '_derived', clean.id))
      .find((name) => name.startsWith(`${width}w-`) && name.endsWith('.webp'));
    if (!cleanFile) throw new Error('no clean WebP of the proof’s width');
    const urls = createMediaUrls(loadMediaUrlKey(AUTH_SECRET, server.dataDir));
    const cleanUrl = `${server.url}${urls.url(clean.id, cleanFile, { signed: true })}`;
    const proofUrl = `${server.url}${urls.url(proofed.id, proofFile, { signed: true, proofOnly: true })}`;

    await wrkRequests(cleanUrl, 2); // warm-up: JIT, the small-object cache
    await wrkRequests(proofUrl, 2);
    let best = { clean: 0, proof: 0 };
    // Alternating rounds, each side keeping its best, so a burst of load elsewhere does not land on one side only.
    for (let round = 0; round < 3; round++) {
      best = {
        clean: Math.max(best.clean, await wrkRequests(cleanUrl, seconds)),
        proof: Math.max(best.proof, await wrkRequests(proofUrl, seconds)),
      };
    }
    const ratio = printRatio('proof vs clean derivative (requests/s)', best.proof, best.clean, 'req/s');
    const met = ratio >= 0.95;
    console.log(`goal: a proof costs no more than a clean derivative: ${met ? 'met' : 'not met'}`);
    writeBenchmarkSection(
      'proof-serve',
      `
\`npm run bench -- proof-serve [seconds]\` uploads one photo into a delivered client gallery and one into a proofing
gallery, and loads \`/media\` through the whole app with \`wrk -t2 -c50\`: the delivered client's signed URL of a
clean WebP, and the proof-only signed URL of the proof of the same width. Three alternating rounds of ${seconds} s,
best of each.

| request | requests/s |
|---|---|
| clean derivative (full signature; the access rule reads the gallery's mode) | ${best.clean.toFixed(0)} |
| proof (proof-only signature) | ${best.proof.toFixed(0)} |

Proof / clean: ${(ratio * 100).toFixed(1)} %. Goal: a proof costs no more than a clean derivative once cached (at
least 95 % of its requests/s, the noise of one run on 2 cores): ${met ? 'met' : '**not met**'}.
`,
    );
  } finally {
    await server.close();
  }
}
