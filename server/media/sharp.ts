import type SharpLibrary from 'sharp';
import type { Sharp, SharpInput, SharpOptions } from 'sharp';
import { requireOnUse } from '../require-on-use';

let library: typeof SharpLibrary | undefined;

/**
 * sharp (libvips), loaded the first time a picture is made (server/require-on-use.ts): it adds ~20 MB to the resident
 * memory of a process, and an instance that only serves the gallery never decodes a picture. Every use of sharp on the server goes through here,
 * so its settings are made once, before the first operation.
 */
function loaded(): typeof SharpLibrary {
  if (library) return library;
  const sharp = requireOnUse<typeof SharpLibrary>('sharp');
  // libvips threads per operation. sharp leaves it at 1 on glibc without jemalloc (to limit heap fragmentation); two
  // let the decode and each encoder use both cores of a small server, and the peak RSS stays within budget
  // (docs/BENCHMARKS.md, ingest).
  sharp.concurrency(2);
  // libvips' operation cache keeps recent results for reuse; every image here is decoded once and never asked for
  // again, so the cache only adds to the peak RSS (tens of megabytes in the ingest benchmark). With it off, what a
  // process keeps after making pictures is malloc's: production holds glibc's mmap threshold fixed so that freed
  // picture buffers go back to the system (MALLOC_MMAP_THRESHOLD_, server/test/support/production-runtime.ts).
  sharp.cache(false);
  library = sharp;
  return sharp;
}

/** sharp's own constructor: a new pipeline over `input` (a file, bytes, or what `options` makes: raw, text, create). */
export function sharp(options?: SharpOptions): Sharp;
export function sharp(input?: SharpInput | SharpInput[], options?: SharpOptions): Sharp;
export function sharp(input?: SharpInput | SharpInput[] | SharpOptions, options?: SharpOptions): Sharp {
  return loaded()(input as SharpInput, options);
}
