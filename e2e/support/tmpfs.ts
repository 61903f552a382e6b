import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toolAvailable } from './required-tool';

/**
 * A small real file system to fill up: a full disk must really be full (an ENOSPC from the kernel, the database's
 * own "disk is full", short writes), which no stub shows. Mounting needs root, as on CI.
 */

/** Whether this process may mount a tmpfs (tried once, on a scratch folder); in CI it must. */
export function canMountTmpfs(): boolean {
  return toolAvailable('a tmpfs mount (root)', tryMountTmpfs());
}

function tryMountTmpfs(): boolean {
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'gallery-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmdirSync(probe);
  }
}

/** Mounts a tmpfs of `sizeMiB` on `dir` (created when missing); the returned function unmounts it. */
export function mountTmpfs(dir: string, sizeMiB: number): () => void {
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMiB}m`, 'tmpfs', dir]);
  return () => execFileSync('umount', [dir]);
}

/**
 * Fills the file system holding `filler` with that one file, leaving `room` bytes free; deleting it is what an
 * operator freeing space does.
 */
export function fillDisk(filler: string, room: number): void {
  const stats = fs.statfsSync(path.dirname(filler));
  fs.writeFileSync(filler, Buffer.alloc(stats.bavail * stats.bsize - room));
}
