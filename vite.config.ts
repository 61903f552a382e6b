/// <reference types="vitest/config" />
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build as bundle } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';

// WEB_DIST: a second build of the same checkout (see webDistDir in server/web-dist.ts).
const outDir = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.resolve('dist');

/**
 * The service worker, bundled on its own into one plain script at dist/sw.js (unhashed: its URL is its identity, and
 * the server sends non-hashed files with `Cache-Control: no-cache`, so browsers see each new version). A worker
 * registered as a classic script cannot import, and as an entry of the app's build it would share chunks with the
 * app; bundled apart, it carries its own copy of what it imports (the offline page's texts, the language rules).
 */
function serviceWorker(): Plugin {
  return {
    name: 'service-worker',
    apply: 'build',
    async generateBundle() {
      if (this.environment.config.build.ssr) return;
      const result = await bundle({
        entryPoints: [path.resolve('web/sw.ts')],
        bundle: true,
        format: 'iife',
        target: 'es2022',
        minify: true,
        write: false,
        logLevel: 'warning',
      });
      const [file] = result.outputFiles;
      if (file) this.emitFile({ type: 'asset', fileName: 'sw.js', source: file.text });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), serviceWorker()],
  resolve: {
    // wouter and react-i18next import the hook through the package's shim (web/sync-external-store.ts says why not).
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.resolve('web/sync-external-store.ts'),
      },
    ],
  },
  build: isSsrBuild
    ? {
        // `vite build --ssr web/entry-server.tsx` (the second half of `npm run build`): the renderer of the public
        // pages, which the server loads from dist/server/ (server/ssr/renderer.ts); never served as a file.
        outDir: path.join(outDir, 'server'),
        emptyOutDir: true,
        target: 'node20',
        copyPublicDir: false,
      }
    : {
        outDir,
        emptyOutDir: true,
        target: 'es2022',
        assetsInlineLimit: 0,
        // The server reads which chunk and styles each server-rendered page needs from the manifest
        // (dist/.vite/manifest.json) and announces them in the page's head.
        manifest: true,
        // No modulepreload polyfill in the first script: a browser without <link rel="modulepreload"> (Safari
        // before 17) still runs the app, it only fetches each module when it is imported.
        modulePreload: { polyfill: false },
      },
  // The renderer carries its libraries inside: a build in WEB_DIST (outside the project) finds no node_modules.
  ssr: { noExternal: true },
  // The dev server forwards API calls to `npm run dev` and presents them as coming from the API's own origin,
  // which the server's same-origin check (server/plugins/same-origin.ts) expects.
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', headers: { origin: 'http://localhost:3000' } },
      '/media': 'http://localhost:3000',
    },
  },
  test: {
    root: '.',
    include: [
      'server/**/*.test.ts',
      'shared/**/*.test.ts',
      'web/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['./web/test-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine. The tests wait on
    // PostgreSQL, ffmpeg and HTTP much of the time, and each file has its own database schema and folders, so two
    // workers there take the suite from ~18 to ~12 minutes.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A worker imports the server's modules once for all its files, not once a file: the imports took 373 s of the
    // suite's worker time, and the whole run goes from ~10 to ~7 minutes. The price is that a file must not lean on
    // what another left in a module or a global (an i18next instance, a stubbed global): each file sets up its own.
    isolate: false,
  },
}));
