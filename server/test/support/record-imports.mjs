// Preloaded with `--import`: every module the process resolves from then on is written, one URL a line, to the file
// that RECORD_IMPORTS names (for tests of what a process loads).
import { register } from 'node:module';

register('./record-imports-hooks.mjs', import.meta.url, { data: { file: process.env.RECORD_IMPORTS } });
