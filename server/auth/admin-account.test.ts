import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database';
import { loadConfig } from '../env';
import { makeTempDir } from '../test/harness';
import { ensureAdminAccount } from './admin-account';
import { type BetterAuth, createBetterAuth, migrateBetterAuth } from './better-auth';

describe('the admin account at start', () => {
  const temp = makeTempDir();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: temp.dir, ADMIN_EMAIL: 'Owner@Example.com' });
  const warnings: string[] = [];
  const logger = {
    info() {},
    debug() {},
    error() {},
    warn: (_data: unknown, message: string) => warnings.push(message),
  } as unknown as FastifyBaseLogger;
  let database: Database;
  let auth: BetterAuth;

  beforeAll(async () => {
    database = await openDatabase(config.database);
    auth = createBetterAuth({ config, database, logger, secret: 'x'.repeat(32), scrypt: { N: 2 ** 12, r: 8, p: 1 } });
    await migrateBetterAuth(auth);
  });
  afterAll(async () => {
    await database.close();
    temp.remove();
  });

  it('is created with a random password shown once to a person, kept out of the log, and not shown again', async () => {
    const notices: string[] = [];
    const announce = (text: string) => notices.push(text);
    await ensureAdminAccount(auth, { adminEmail: config.adminEmail, initialPassword: undefined, logger, announce });
    await ensureAdminAccount(auth, { adminEmail: config.adminEmail, initialPassword: undefined, logger, announce });
    expect(notices).toHaveLength(1);
    expect(warnings).toHaveLength(1);
    const password = /One-time password:\s+(\S+)/.exec(notices[0] ?? '')?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(warnings[0]).not.toContain(password);
    const signedIn = await auth.api.signInEmail({ body: { email: 'owner@example.com', password } });
    expect(signedIn.user.email).toBe('owner@example.com');
  });
});
