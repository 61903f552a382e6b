import path from 'node:path';

/**
 * The project's folder (where package.json, shared/ and dist/ are). This file is one folder below it in the sources
 * (server/), and so is the built server (build/server.js), so the same step up finds it from both.
 */
export const projectRoot = path.resolve(import.meta.dirname, '..');
