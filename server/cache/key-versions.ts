/**
 * A version per cached key, bumped when a change of that key (or of everything, `null`) is announced. A cache notes the
 * version before it reads and keeps what it built only if the version is still the same: a build that was under way
 * while a change was announced may predate the change, so it serves the requests that were waiting for it and no more.
 */
export function createKeyVersions() {
  const versions = new Map<string, number>();
  let everything = 0;
  return {
    of: (key: string) => `${everything}.${versions.get(key) ?? 0}`,
    bump(key: string | null): void {
      if (key === null) everything++;
      else versions.set(key, (versions.get(key) ?? 0) + 1);
    },
  };
}
