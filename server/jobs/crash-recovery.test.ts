import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import { TEST_DATABASES } from '../test/harness';
import { drainJobs, makeTestRuntime, writeTestJpeg } from '../test/support/ingest';
import { openTestDatabase } from '../test/support/test-database';

/** Resolves with the child's stdout once it contains `marker`. */
function waitForOutput(child: ChildProcess, marker: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(marker)) resolve(output);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`child exited (${code}) before ${marker}: ${errors}`)));
  });
}

/** The dead worker's lease: short, so the takeover comes quickly. */
const LEASE_MS = 3_000;

describe.each(TEST_DATABASES)('crash recovery on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(async () => t.close());
  const scratchEntries = () =>
    fs.existsSync(path.join(t.dir, 'tmp')) ? fs.readdirSync(path.join(t.dir, 'tmp')).sort() : [];

  it('an ingest killed with SIGKILL in the middle of its job is taken over when its lease runs out', async () => {
    const source = await writeTestJpeg(path.join(t.dir, 'crash-source.jpg'), 800, 600);
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(import.meta.dirname, '../test/support/crash-child.ts'),
        JSON.stringify(t.config),
        t.dir,
        source,
        String(LEASE_MS),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const output = await waitForOutput(child, 'DERIVING');
    child.kill('SIGKILL');
    await exited;
    const id = /INGESTED (\S+)/.exec(output)?.[1] ?? '';

    const runtime = makeTestRuntime(t.database, t.dir);
    // The crash left a hidden row, a job still marked as running under the dead worker's lease, and the job's
    // scratch folder with the original in it.
    expect(await runtime.media.findById(id)).toMatchObject({ status: 'processing' });
    const held = await t.database.db.selectFrom('job').selectAll().where('status', '=', 'running').execute();
    expect(held).toHaveLength(1);
    expect(await runtime.media.listVisible({ folder: MAIN_GALLERY_FOLDER, limit: 10 })).toEqual([]);
    expect(scratchEntries()).toEqual([expect.stringMatching(/^derive-/)]);
    // While the lease lasts, nobody may take the job: its holder could still be alive.
    const lockedUntil = new Date(held[0]?.locked_until ?? 0);
    expect(lockedUntil.getTime()).toBeGreaterThan(Date.now());
    expect(await runtime.jobs.claim('impatient', LEASE_MS)).toBeUndefined();

    // Another worker: at start it removes the dead job's scratch folder (older than every live lease), and once the
    // lease has run out it takes the job over and finishes it.
    await drainJobs(runtime);
    expect(Date.now()).toBeGreaterThanOrEqual(lockedUntil.getTime());
    expect(scratchEntries()).toEqual([]);
    const record = await runtime.media.findById(id);
    expect(record).toMatchObject({ status: 'ready', width: 800, height: 600 });
    for (const derivative of record?.derivatives ?? []) {
      expect(await runtime.storage.head(`_derived/${id}/${derivative.file}`)).not.toBeNull();
    }
    expect((await runtime.media.listVisible({ folder: MAIN_GALLERY_FOLDER, limit: 10 })).map((m) => m.id)).toEqual([
      id,
    ]);
  });
});
