/**
 * Snapshots of the site's data, with the same configuration (.env / environment) as the server.
 *
 *   npm run backup -- <dir>     writes a snapshot of the running site into the new folder <dir>
 *   npm run restore -- <dir>    brings a snapshot back into a fresh DATA_DIR and database
 *
 * What a snapshot holds and how it stays consistent: server/backup/backup.ts; docs/OPERATIONS.md has the schedule.
 */
import { pathToFileURL } from 'node:url';
import { createBackup } from '../server/backup/backup';
import { restoreBackup } from '../server/backup/restore';
import { type Config, loadConfig } from '../server/env';
import { createStorage } from '../server/storage/index';

const USAGE = `usage: npm run backup -- <new folder>
       npm run restore -- <snapshot folder>`;

/** Runs `backup` or `restore`; returns the process exit code. Exported for tests. */
export async function runBackupCommand(
  command: string | undefined,
  folder: string | undefined,
  io: { config: Config; out: (line: string) => void },
): Promise<number> {
  if ((command !== 'backup' && command !== 'restore') || !folder) {
    io.out(USAGE);
    return 64;
  }
  const storage = createStorage(io.config.storage);
  try {
    if (command === 'backup') {
      const result = await createBackup(io.config, storage, folder);
      const megabytes = (result.bytes / 1_000_000).toFixed(1);
      const listed = result.objects > 0 ? `, ${result.objects} objects listed in the bucket` : '';
      io.out(`Snapshot written to ${result.dir}: ${result.files} files, ${megabytes} MB${listed}.`);
    } else {
      const result = await restoreBackup(io.config, storage, folder);
      io.out(`Restored ${result.files} files from ${folder} into ${io.config.dataDir}. Start the server as usual.`);
    }
    return 0;
  } catch (error) {
    io.out(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const code = await runBackupCommand(process.argv[2], process.argv[3], {
    config: loadConfig(),
    out: (line) => console.log(line),
  });
  process.exit(code);
}
