import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * Removes what jobs killed mid-way left in the scratch folder (DATA_DIR/tmp): every entry last changed before
 * `cutoff`. The caller passes the claim time of the oldest job still under a live lease (or now, when none is):
 * a live job made its scratch folder after it was claimed, so anything older belongs to a job whose holder died.
 * Returns how many entries went.
 */
export async function removeDeadScratch(directory: string, cutoff: Date): Promise<number> {
  let names: string[];
  try {
    names = await fsp.readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const entry = path.join(directory, name);
    const stat = await fsp.lstat(entry).catch(() => null);
    if (!stat || stat.mtimeMs >= cutoff.getTime()) continue;
    await fsp.rm(entry, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
