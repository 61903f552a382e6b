/**
 * A server that has made the demo set itself, as a new site's first start does: 14 pictures up to 2400 px (and a short
 * video when ffmpeg is present) through the server's own pipeline, so what libvips and malloc keep afterwards is in
 * the process the viewers then load. The load benchmark measures it beside a server that never decoded a picture.
 */
import path from 'node:path';
import { connectDatabase } from '../server/db/database';
import { createJobRepository } from '../server/repositories/job-repository';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../server/test/support/server-process';
import { samplePeakRss } from './_rss';

export interface ProcessedServer {
  server: ServerProcess;
  /** How long the set took, from the server's start to its last job, and the server's peak RSS meanwhile. */
  seconds: number;
  peakRss: number;
}

async function poll(what: string, check: () => Promise<boolean>, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Starts the server on an empty `dataDir` with the demo set on, and returns once every picture of it is made. */
export async function startProcessedServer(
  dataDir: string,
  port: number,
  env: Record<string, string>,
): Promise<ProcessedServer> {
  const started = performance.now();
  const server = await startServerProcess(dataDir, port, { built: true, demoContent: true, env });
  const peak = samplePeakRss(server.child.pid ?? 0);
  let peakRss = 0;
  try {
    await poll('the demo set to be installed', async () => {
      const site = (await (await fetch(`${server.url}/api/site`)).json()) as { demoPreparing: boolean };
      return !site.demoPreparing;
    });
    const database = connectDatabase({ kind: 'sqlite', file: path.join(dataDir, 'app.db') });
    try {
      const jobs = createJobRepository(database.db);
      await poll('the demo set to be processed', async () => (await jobs.countPending()) === 0);
    } finally {
      await database.close();
    }
  } catch (error) {
    console.error(server.output());
    await stopServerProcess(server.child);
    throw error;
  } finally {
    peakRss = peak();
  }
  return { server, seconds: (performance.now() - started) / 1000, peakRss };
}
