import fs from 'node:fs';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTokenFromOutbox } from '../../test/email-links';
import { createTestApp, TEST_DATABASES, type TestApp } from '../../test/harness';
import { outboxFiles, resetSecretsFromText } from '../../test/mail-catcher';
import { FAST_HASH, TestClient } from '../../test/test-client';

describe.each(TEST_DATABASES)('attempt limits on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database, build: FAST_HASH });
  });
  afterAll(async () => t.close());

  it('limits each account route per IP address, with the too-many-attempts answer', async () => {
    const routes: Array<[string, number]> = [
      ['/api/auth/sign-in', 30],
      ['/api/auth/sign-up', 20],
      ['/api/auth/forgot-password', 20],
      ['/api/auth/reset-password/code', 30],
    ];
    for (const [url, max] of routes) {
      const sameIp = new TestClient(t.app);
      // Empty bodies are refused with 400, but every attempt still counts against the address.
      for (let i = 0; i < max; i += 1) expect((await sameIp.post(url, {})).statusCode).toBe(400);
      const limited = await sameIp.post(url, {});
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: { code: 'too-many-requests' } });
      expect((await new TestClient(t.app).post(url, {})).statusCode).toBe(400);
    }
  });

  it('stops sign-in for an account after 10 failures, whatever the IP, and leaves others alone', async () => {
    await new TestClient(t.app).signUp('target@example.com', 'riding at dawn');
    await new TestClient(t.app).signUp('bystander@example.com', 'riding at dawn');
    for (let i = 0; i < 10; i += 1) {
      expect((await new TestClient(t.app).signIn('target@example.com', `guess number ${i}`)).statusCode).toBe(401);
    }
    const right = await new TestClient(t.app).signIn('target@example.com', 'riding at dawn');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ error: { code: 'too-many-requests' } });
    expect((await new TestClient(t.app).signIn('bystander@example.com', 'riding at dawn')).statusCode).toBe(200);
  });

  it('limits reset e-mails per address, known or not, with the same answers', async () => {
    await new TestClient(t.app).signUp('often@example.com', 'riding at dawn');
    for (const email of ['often@example.com', 'never-registered@example.com']) {
      const answers: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        answers.push((await new TestClient(t.app).post('/api/auth/forgot-password', { email })).statusCode);
      }
      expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    }
  });

  it('writes mail to DATA_DIR/outbox as complete .eml files when no SMTP server is set', async () => {
    await new TestClient(t.app).signUp('outbox@example.com', 'riding at dawn');
    // Sign-up e-mails a verification link in the background: wait for it, so only the reset e-mail comes next.
    await linkTokenFromOutbox(t.dataDir, 'outbox@example.com', 'verify-email');
    const before = outboxFiles(t.dataDir).length;
    await new TestClient(t.app).post('/api/auth/forgot-password', { email: 'outbox@example.com' });
    let files = outboxFiles(t.dataDir);
    for (let i = 0; i < 100 && files.length === before; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      files = outboxFiles(t.dataDir);
    }
    const newest = files.at(-1) ?? '';
    const parsed = await simpleParser(fs.readFileSync(newest));
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('outbox@example.com');
    expect(parsed.html).toContain('/reset-password?oobCode=');
    expect(resetSecretsFromText(parsed.text ?? '').code).toMatch(/^\d{6}$/);
  });
});
