/**
 * `npm run bench -- reset-timing [--samples 500]`: shows that a reset request takes the same time whether or not
 * the address has an account (no account enumeration by timing; ASVS 5.0, issue 3: within ±50 ms at p95).
 *
 * It starts the real application on a temporary DATA_DIR (SQLite, outbox mail), listening on 127.0.0.1, creates
 * one account, then sends interleaved POST /api/auth/forgot-password requests for that address and for unknown
 * ones over HTTP, and prints p50/p95 of each and their difference. The limits are raised for the run only, so
 * every request does the full work instead of being refused with 429.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/env';
import { printRatio } from './_report';

const UNLIMITED = { max: 1_000_000_000, windowMs: 60_000 };

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export async function run(args: string[]): Promise<void> {
  const flag = args.indexOf('--samples');
  const samples = Math.max(500, flag >= 0 ? Number(args[flag + 1]) || 500 : 500);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reset-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_CONTENT: 'false',
    PUBLIC_URL: 'http://127.0.0.1',
    ADMIN_INITIAL_PASSWORD: 'bench admin password',
  });
  const app = await buildApp(config, {
    webRoot: path.join(dataDir, 'no-web'),
    auth: {
      limits: {
        perIp: { signUp: UNLIMITED, signIn: UNLIMITED, forgotPassword: UNLIMITED, resetPassword: UNLIMITED },
        perAccount: { signUp: UNLIMITED, forgotPassword: UNLIMITED },
      },
    },
  });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const headers = { 'content-type': 'application/json', origin: config.publicUrl };
    const post = async (url: string, body: unknown) => {
      const started = performance.now();
      const res = await fetch(`${address}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
      await res.text();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      return performance.now() - started;
    };
    const known = 'bench.rider@example.com';
    await post('/api/auth/sign-up', { email: known, password: 'bench riding at dawn' });

    const times = { known: [] as number[], unknown: [] as number[] };
    const warmUp = 50;
    for (let i = 0; i < samples + warmUp; i += 1) {
      // Interleaved, and the order within each pair alternates, so drift in machine load hits both sides alike.
      const pair: Array<['known' | 'unknown', string]> = [
        ['known', known],
        ['unknown', `nobody-${i}@example.com`],
      ];
      if (i % 2 === 1) pair.reverse();
      for (const [kind, email] of pair) {
        const ms = await post('/api/auth/forgot-password', { email });
        if (i >= warmUp) times[kind].push(ms);
      }
    }
    await app.close();

    const known50 = percentile(
      times.known.toSorted((a, b) => a - b),
      50,
    );
    const known95 = percentile(
      times.known.toSorted((a, b) => a - b),
      95,
    );
    const unknown50 = percentile(
      times.unknown.toSorted((a, b) => a - b),
      50,
    );
    const unknown95 = percentile(
      times.unknown.toSorted((a, b) => a - b),
      95,
    );
    console.log(`reset-timing: ${samples} samples per side (after ${warmUp} warm-up pairs), SQLite, outbox mail`);
    console.log(`  existing address: p50 ${known50.toFixed(2)} ms, p95 ${known95.toFixed(2)} ms`);
    console.log(`  unknown address:  p50 ${unknown50.toFixed(2)} ms, p95 ${unknown95.toFixed(2)} ms`);
    console.log(
      `  difference (existing − unknown): p50 ${(known50 - unknown50).toFixed(2)} ms, p95 ${(known95 - unknown95).toFixed(2)} ms (bar: within ±50 ms at p95)`,
    );
    printRatio('p95, existing vs unknown', known95, unknown95, 'ms');
    const within = Math.abs(known95 - unknown95) <= 50;
    console.log(within ? '  PASS: within ±50 ms' : '  FAIL: more than 50 ms apart');
    if (!within) process.exitCode = 1;
  } finally {
    if (app.server.listening) await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
