import { type ChildProcess, spawn } from 'node:child_process';
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

describe.each(TEST_DATABASES)('crash recovery on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(async () => t.close());

  it('an ingest killed with SIGKILL in the middle of its job becomes ready after a restart', async () => {
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
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const output = await waitForOutput(child, 'DERIVING');
    child.kill('SIGKILL');
    await exited;
    const id = /INGESTED (\S+)/.exec(output)?.[1] ?? '';

    const runtime = makeTestRuntime(t.database, t.dir);
    // The crash left a hidden row and a job still marked as running under the dead process.
    expect(await runtime.media.findById(id)).toMatchObject({ status: 'processing' });
    expect(await runtime.jobs.runningLockHolders()).toEqual([expect.stringContaining(`:${child.pid}:`)]);
    expect(await runtime.media.listVisible({ folder: MAIN_GALLERY_FOLDER, limit: 10 })).toEqual([]);

    // "Restart": a new worker sees the holder is gone, requeues the job and finishes it.
    await drainJobs(runtime);
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
