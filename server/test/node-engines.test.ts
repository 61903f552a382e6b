import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../project-root';

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  os?: string[];
  cpu?: string[];
}

const readJson = (file: string) => JSON.parse(readFileSync(path.join(projectRoot, file), 'utf8'));

/** Packages npm installs on this platform: those restricted to another OS or CPU are skipped by `npm ci` too. */
function installedHere(entry: LockedPackage): boolean {
  const fits = (allowed: string[] | undefined, actual: string) =>
    !allowed ||
    allowed.some((value) => value === actual || (value.startsWith('!') ? value.slice(1) !== actual : false));
  return fits(entry.os, process.platform) && fits(entry.cpu, process.arch);
}

describe('the Node version the README promises', () => {
  const pkg = readJson('package.json');
  const lowest = semver.minVersion(pkg.engines.node);

  it('is the one the README names', () => {
    expect(lowest?.version).toBe('20.19.0');
    expect(readFileSync(path.join(projectRoot, 'README.md'), 'utf8')).toContain(
      `Node.js ≥ ${pkg.engines.node.slice(2)}`,
    );
  });

  // `npm ci` warns EBADENGINE for any installed package whose `engines.node` leaves out the Node we run on.
  it('is accepted by every package the lock file installs', () => {
    const lock = readJson('package-lock.json') as { packages: Record<string, LockedPackage> };
    const refusing = Object.entries(lock.packages)
      .filter(([name, entry]) => name !== '' && installedHere(entry))
      .filter(([, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range !== undefined && lowest !== null && !semver.satisfies(lowest, range, { includePrerelease: true });
      })
      .map(
        ([name, entry]) =>
          `${name.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${JSON.stringify(entry.engines)}`,
      );
    expect(refusing).toEqual([]);
  });
});
