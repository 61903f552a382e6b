/**
 * How production runs the built server: `npm start`, the systemd units in deploy/systemd, and the benchmarks and tests
 * that measure it (startServerProcess with `built`). server/test/production-runtime.test.ts holds the first two to it.
 */
export const PRODUCTION_NODE_FLAGS = [
  // V8 sizes its heap ceiling from the machine's memory (4.3 GB on a 24 GB machine) and, under a ceiling that high,
  // lets garbage pile up to several times the live heap before collecting it. Under 500 gallery viewers the old
  // generation grew from 50 to 135 MB in a minute, all of it garbage; with this ceiling it stays near 50 MB and the
  // server's peak RSS fell from ~300 to ~230 MB, the API p99 staying near 50 ms (docs/BENCHMARKS.md, "load: what
  // changed"). The server holds ~50 MB live, so 1 GB leaves wide room.
  '--max-old-space-size=1024',
  '--enable-source-maps',
] as const;

export const PRODUCTION_ENV = {
  // glibc's malloc otherwise keeps an arena per worker thread (libvips' among them): an ingest peaked at 360–370 MB
  // with them and 240–255 MB with two (docs/BENCHMARKS.md, ingest).
  MALLOC_ARENA_MAX: '2',
  // glibc maps blocks above 128 KiB on their own and unmaps them when freed, but raises that bound to the size of each
  // such block freed (up to 32 MiB): after libvips freed its first decoded picture, pictures' buffers came from the
  // arenas, and their freed pages stayed. Held at 128 KiB, a server that had made the demo set sat at 191 MB instead
  // of 324 MB and peaked at 252 MB instead of 347 MB under the load benchmark's viewers (docs/BENCHMARKS.md, load).
  MALLOC_MMAP_THRESHOLD_: '131072',
} as const;
