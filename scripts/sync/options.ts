import path from 'node:path';
import { parseArgs } from 'node:util';

/** What the sync command was asked to do: which folder, to where, once or watching. */
export interface SyncOptions {
  folder: string;
  target: { event: string } | { client: string };
  watch: boolean;
  url: string;
  key: string;
}

export const USAGE = `Usage: GALLERY_URL=https://… GALLERY_API_KEY=gsk_… npm run sync -- <folder> --event <slug> [--watch]
       GALLERY_URL=https://… GALLERY_API_KEY=gsk_… npm run sync -- <folder> --client <email> [--watch]

Sends every photo and video of <folder> (and its sub-folders) to the event or the client's gallery, by resumable
upload; a file already sent (the same content) is never sent again. --watch keeps watching the folder.
Make a key in the admin panel, under "Sync keys".`;

/** A mistake in how the command was called: said with the usage, exit code 2. */
export class UsageError extends Error {}

/** Reads the arguments and GALLERY_URL / GALLERY_API_KEY; throws UsageError with what is missing or wrong. */
export function readOptions(argv: string[], env: NodeJS.ProcessEnv): SyncOptions {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) throw new UsageError('');
  if (positionals.length !== 1) throw new UsageError('Name one folder to send.');
  if ((values.event === undefined) === (values.client === undefined)) {
    throw new UsageError('Say where to send it: --event <slug> or --client <email>.');
  }
  const url = env.GALLERY_URL?.trim().replace(/\/+$/, '') ?? '';
  const key = env.GALLERY_API_KEY?.trim() ?? '';
  if (!/^https?:\/\/[^/]/.test(url))
    throw new UsageError('Set GALLERY_URL to the site, e.g. https://photos.example.com');
  if (key === '') throw new UsageError('Set GALLERY_API_KEY to a key made in the admin panel (Sync keys).');
  return {
    folder: path.resolve(positionals[0] ?? '.'),
    target: values.event !== undefined ? { event: values.event } : { client: String(values.client).toLowerCase() },
    watch: values.watch === true,
    url,
    key,
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      event: { type: 'string' },
      client: { type: 'string' },
      watch: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
