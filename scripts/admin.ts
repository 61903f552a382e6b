/**
 * Admin account maintenance.
 *
 *   npm run admin -- set-password                      reads the new password from standard input (first line)
 *   npm run admin -- set-password --password '<new>'    takes it from the flag (visible in the shell history)
 *
 * The admin is the account of ADMIN_EMAIL; it is created if missing. Every admin session is ended, so the new
 * password is needed at the next sign-in. Uses the same configuration (.env / environment) as the server.
 */
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { setAdminPassword } from '../server/auth/admin-account';
import { createBetterAuth, migrateBetterAuth } from '../server/auth/better-auth';
import { passwordProblem } from '../server/auth/password-policy';
import { loadAuthSecret } from '../server/auth/secret';
import { openDatabase } from '../server/db/database';
import { type Config, loadConfig } from '../server/env';

const USAGE = `usage: npm run admin -- set-password [--password <new password>]
  Without --password the new password is read from standard input.`;

export const ADMIN_PASSWORD_MIN_LENGTH = 8;

async function readFirstLine(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) {
    text += chunk.toString();
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

/** Runs one admin command; returns the process exit code. Exported for tests. */
export async function runAdmin(
  argv: string[],
  io: { config: Config; stdin: NodeJS.ReadableStream; out: (line: string) => void },
): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'set-password') {
    io.out(USAGE);
    return command ? 64 : 0;
  }
  const flag = rest.indexOf('--password');
  const password = flag >= 0 ? (rest[flag + 1] ?? '') : await readFirstLine(io.stdin);
  const problem = passwordProblem(password);
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH || problem) {
    io.out(`The password is too weak: use at least ${ADMIN_PASSWORD_MIN_LENGTH} characters and no common password.`);
    return 65;
  }
  const database = await openDatabase(io.config.database);
  try {
    const auth = createBetterAuth({
      config: io.config,
      database,
      secret: loadAuthSecret(io.config.authSecret, io.config.dataDir),
      logger: pino({ level: 'warn' }),
    });
    await migrateBetterAuth(auth);
    await setAdminPassword(auth, io.config.adminEmail, password);
    io.out(`The password of ${io.config.adminEmail} was changed; its sessions were ended.`);
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const code = await runAdmin(process.argv.slice(2), {
    config: loadConfig(),
    stdin: process.stdin,
    out: (line) => console.log(line),
  });
  process.exit(code);
}
