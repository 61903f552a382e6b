import { createRequire } from 'node:module';

const requirePackage = createRequire(import.meta.url);

/**
 * Loads a package when a caller first needs it, instead of when the process starts. The server bundle leaves packages
 * outside and every static import of one runs at start, wherever it is written; so an instance on SQLite and disk that
 * never decodes a picture would still hold the S3 SDK, the PostgreSQL driver, libvips and libheif's WebAssembly heap
 * in its resident memory (docs/BENCHMARKS.md, load). Callers import only the package's types statically; `require`
 * keeps each package loaded once. Each call stays in the package's own boundary (biome.json): sharp in server/media,
 * pg in server/db, the S3 SDK in server/storage.
 */
export function requireOnUse<Package>(name: string): Package {
  return requirePackage(name) as Package;
}
