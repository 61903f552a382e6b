import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The key that signs session cookies: AUTH_SECRET when set (required in production), otherwise a random key kept
 * in DATA_DIR/auth-secret (mode 0600), so development sessions survive a restart.
 */
export function loadAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'auth-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    try {
      fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another process wrote it first: use theirs.
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}
