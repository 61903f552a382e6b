import fs from 'node:fs';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTokenFromOutbox } from '../../test/email-links';
import { createTestApp, TEST_DATABASES, type TestApp } from '../../test/harness';
import { outboxFiles, resetSecretsFromText } from '../../test/mail-catcher';
import { FAST_HASH, TestClient } from '../../test/test-client';

describe.each(TEST_DATABASES)('attempt limits on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    // No sign-in delay: ten failures in a row would otherwise wait seconds (the delay is tested in throttling.test.ts).
    t = await createTestApp({ database, build: { auth: { ...FAST_HASH.auth, signInDelay: { delayMs: () => 0 } } } });
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

  it('stops sign-in for an account from an address after 10 failures there, and leaves others alone', async () => {
    await new TestClient(t.app).signUp('target@example.com', 'riding at dawn');
    await new TestClient(t.app).signUp('bystander@example.com', 'riding at dawn');
    const guesser = new TestClient(t.app);
    for (let i = 0; i < 10; i += 1) {
      expect((await guesser.signIn('target@example.com', `guess number ${i}`)).statusCode).toBe(401);
    }
    const right = await guesser.signIn('target@example.com', 'riding at dawn');
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
    // The photographer's notice of the sign-up may be written meanwhile too: the reset is the new file to the rider.
    const before = new Set(outboxFiles(t.dataDir));
    await new TestClient(t.app).post('/api/auth/forgot-password', { email: 'outbox@example.com' });
    let parsed: ParsedMail | undefined;
    for (let i = 0; i < 250 && !parsed; i += 1) {
      for (const file of outboxFiles(t.dataDir).filter((name) => !before.has(name))) {
        const mail = await simpleParser(fs.readFileSync(file));
        if (mail.to && 'text' in mail.to && mail.to.text === 'outbox@example.com') parsed = mail;
      }
      if (!parsed) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(parsed?.html).toContain('/reset-password?oobCode=');
    expect(resetSecretsFromText(parsed?.text ?? '').code).toMatch(/^\d{6}$/);
  });
});
