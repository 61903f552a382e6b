import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { sanitizeFileName } from '../../../shared/file-names';
import { AppError } from '../../errors';
import { assertValidFolder, md5AndSize } from './ingest';
import type { MediaRuntime } from './media-runtime';

export interface ImportSummary {
  imported: number;
  unchanged: number;
  refused: Array<{ file: string; reason: string }>;
  ignored: string[];
}

/** Names the original layout uses for its own bookkeeping, never media. */
const IGNORED_NAMES = new Set(['.placeholder', 'thumbs']);

/**
 * Imports a tree in the original bucket layout: `MainGallery/` and one folder per user (named by the sanitized
 * e-mail), files directly inside them. `MainGallery/thumbs/` (the old thumbnails), `.placeholder` files, hidden
 * files and deeper folders are ignored. Each file goes through ingestFile like an upload. A file already imported
 * into the same folder (same bytes, same original name) is skipped, so running it again changes nothing.
 * The source tree is only read.
 */
export async function importTree(
  runtime: MediaRuntime,
  root: string,
  scratchDir: string,
  log: (line: string) => void = () => {},
): Promise<ImportSummary> {
  const summary: ImportSummary = { imported: 0, unchanged: 0, refused: [], ignored: [] };
  await fsp.mkdir(scratchDir, { recursive: true });
  const folders = (await fsp.readdir(root, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  for (const folderEntry of folders) {
    const folder = folderEntry.name;
    if (!folderEntry.isDirectory() || folder.startsWith('.')) {
      summary.ignored.push(folder);
      continue;
    }
    try {
      assertValidFolder(folder);
    } catch {
      summary.ignored.push(folder);
      continue;
    }
    const entries = (await fsp.readdir(path.join(root, folder), { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    for (const entry of entries) {
      const relative = `${folder}/${entry.name}`;
      if (!entry.isFile() || entry.name.startsWith('.') || IGNORED_NAMES.has(entry.name)) {
        summary.ignored.push(relative);
        continue;
      }
      const source = path.join(root, folder, entry.name);
      const { md5Hash, size } = await md5AndSize(source);
      const same = await runtime.media.findSameContent(folder, md5Hash, size);
      if (same.some((item) => item.customMetadata.originalName === entry.name)) {
        summary.unchanged++;
        continue;
      }
      // ingestFile consumes its file; the source tree stays untouched.
      const copy = path.join(scratchDir, `import-${process.pid}-${summary.imported}-${sanitizeFileName(entry.name)}`);
      await fsp.copyFile(source, copy);
      try {
        await runtime.ingest.ingestFile({ folder, localPath: copy, originalName: entry.name, md5Hash });
        summary.imported++;
        log(`imported ${relative}`);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const reason = (error.details as { reason?: string } | undefined)?.reason ?? error.code;
        summary.refused.push({ file: relative, reason });
        log(`refused ${relative}: ${error.message}`);
      } finally {
        if (fs.existsSync(copy)) await fsp.rm(copy, { force: true });
      }
    }
  }
  return summary;
}
