/** The system Chromium every browser test and benchmark drives (Debian's package; CHROME_PATH overrides it). */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Flags for a quiet, reproducible run on this machine: no sandbox (root in CI), no GPU, nothing fetched behind our back. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
