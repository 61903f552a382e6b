import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A ZIP's entries, by name, with their bytes, read back by the system's `unzip` (an independent reader: the archive
 * writer is ours). Used by the API tests and the browser suites alike.
 */
export function zipEntries(zip: Buffer): Map<string, Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-entries-'));
  try {
    const file = path.join(dir, 'download.zip');
    fs.writeFileSync(file, zip);
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    return new Map(names.map((name) => [name, execFileSync('unzip', ['-p', file, name], { maxBuffer: 1 << 28 })]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
