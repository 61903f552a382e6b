/**
 * Imports an existing media tree in the original bucket layout.
 *
 *   npm run import -- <folder>
 *
 * <folder> holds `MainGallery/` and one folder per user, named by the e-mail with `. # $ [ ]` turned into `_`. Every
 * file goes through the same checks and derivative pipeline as an upload; `MainGallery/thumbs/` and `.placeholder`
 * files are ignored. Running it again imports nothing twice. Uses the same configuration (.env / environment) as the
 * server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { createChangeFeed } from '../server/cache/change-feed';
import { createMediaRuntime } from '../server/composition/media-pipeline';
import { createChangeTransport } from '../server/db/change-transport';
import { openDatabase } from '../server/db/database';
import { type Config, loadConfig } from '../server/env';
import { GALLERY_TOPIC } from '../server/services/galleries/gallery-service';
import { importTree } from '../server/services/media/ingest-import';
import { createStorage } from '../server/storage/index';

/** Imports `root` and waits until every queued item is processed; returns the process exit code. */
export async function runImport(
  root: string | undefined,
  config: Config,
  out: (line: string) => void,
): Promise<number> {
  if (!root || !fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    out('usage: npm run import -- <folder with MainGallery/ and user folders>');
    return 64; // EX_USAGE
  }
  const database = await openDatabase(config.database);
  const logger = pino({ level: config.logLevel === 'silent' ? 'silent' : 'warn' });
  // Items it makes ready (its worker takes any due job, a running server's too) are announced to the servers' caches.
  const changes = await createChangeFeed({ transport: createChangeTransport(database, config.database) });
  const runtime = createMediaRuntime({
    database,
    storage: createStorage(config.storage),
    dataDir: config.dataDir,
    logger,
    siteName: config.siteName,
    galleryChanged: (folder) => changes.publish(GALLERY_TOPIC, folder),
  });
  try {
    await runtime.worker.start();
    const summary = await importTree(runtime, path.resolve(root), path.join(config.dataDir, 'tmp'), out);
    out(`waiting for ${await runtime.jobs.countPending()} item(s) to be processed…`);
    while ((await runtime.jobs.countPending()) > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    out(
      `imported ${summary.imported}, unchanged ${summary.unchanged}, refused ${summary.refused.length}, ignored ${summary.ignored.length}`,
    );
    return summary.refused.length > 0 ? 2 : 0;
  } finally {
    await runtime.worker.stop();
    await changes.close();
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const code = await runImport(process.argv[2], loadConfig(), (line) => console.log(line));
  process.exit(code);
}
