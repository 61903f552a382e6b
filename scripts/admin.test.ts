import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../server/test/harness';
import { FAST_HASH, TestClient } from '../server/test/test-client';
import { runAdmin } from './admin';

describe('npm run admin -- set-password', () => {
  let t: TestApp;
  const lines: string[] = [];
  const io = (stdin = '') => ({
    config: t.config,
    stdin: Readable.from([stdin]),
    out: (line: string) => lines.push(line),
  });

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_INITIAL_PASSWORD: 'first admin secret' }, build: FAST_HASH });
  });
  afterAll(async () => t.close());

  it('sets the admin password from standard input and ends the admin sessions', async () => {
    const admin = new TestClient(t.app);
    expect((await admin.signIn(t.config.adminEmail, 'first admin secret')).statusCode).toBe(200);
    expect(await runAdmin(['set-password'], io('second admin secret\n'))).toBe(0);
    expect(await admin.session()).toBeNull();
    expect((await new TestClient(t.app).signIn(t.config.adminEmail, 'first admin secret')).statusCode).toBe(401);
    expect((await new TestClient(t.app).signIn(t.config.adminEmail, 'second admin secret')).statusCode).toBe(200);
  });

  it('takes --password and refuses weak passwords and unknown commands', async () => {
    expect(await runAdmin(['set-password', '--password', 'password1'], io())).toBe(65);
    expect(await runAdmin(['set-password', '--password', 'third admin secret'], io())).toBe(0);
    expect((await new TestClient(t.app).signIn(t.config.adminEmail, 'third admin secret')).statusCode).toBe(200);
    expect(await runAdmin(['drop-everything'], io())).toBe(64);
    expect(lines.some((line) => line.startsWith('usage:'))).toBe(true);
  });
});
