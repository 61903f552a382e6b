import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDelayMs } from '../../auth/sign-in-delay';
import { createTestApp, makePostgresSchema, TEST_DATABASES, type TestApp } from '../../test/harness';
import { resetSecretsFromText, startMailCatcher } from '../../test/mail-catcher';
import { FAST_HASH, TestClient } from '../../test/test-client';

const PASSWORD = 'riding at dawn';
const NEW_PASSWORD = 'jumping at noon';
const PROXY = '127.0.0.1';
const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.20';

describe.each(TEST_DATABASES)('sign-in and reset throttling on %s', (database) => {
  let t: TestApp;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let counter = 0;
  /** The sign-in delays asked for, in order: recorded instead of waited, so no test waits or times anything. */
  const waits: number[] = [];

  beforeAll(async () => {
    mail = await startMailCatcher();
    t = await createTestApp({
      database,
      env: { SMTP_URL: mail.url, TRUST_PROXY: PROXY },
      build: {
        auth: {
          ...FAST_HASH.auth,
          // Above the 40 guesses sent at once below, so what answers them is the per-account limit.
          limits: { perIp: { signIn: { max: 100, windowMs: 60_000 } } },
          signInDelay: {
            wait: async (ms) => {
              waits.push(ms);
            },
          },
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  /** A fresh account; its verification e-mail is taken, so the next mail to it is the one a test asks for. */
  async function account(): Promise<string> {
    counter += 1;
    const email = `owner${counter}@example.com`;
    expect((await new TestClient(t.app).signUp(email, PASSWORD)).statusCode).toBe(200);
    await mail.nextTo(email);
    return email;
  }

  /** A sign-in through the trusted proxy, from the client address it forwards. */
  function signInVia(forwardedFor: string, email: string, password: string) {
    return new TestClient(t.app, undefined, PROXY).request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password },
      headers: { 'x-forwarded-for': forwardedFor },
    });
  }

  async function requestReset(email: string): Promise<{ oobCode: string; code: string }> {
    expect((await new TestClient(t.app).post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    return resetSecretsFromText((await mail.nextTo(email)).text);
  }

  it('behind the proxy, refuses the address that guessed 10 times and lets the owner in from another', async () => {
    const email = await account();
    for (let i = 0; i < 10; i += 1) expect((await signInVia(ATTACKER, email, `guess ${i}`)).statusCode).toBe(401);
    const attacker = await signInVia(ATTACKER, email, PASSWORD);
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json()).toMatchObject({ error: { code: 'too-many-requests' } });
    expect((await signInVia(OWNER, email, PASSWORD)).statusCode).toBe(200);

    // A client the proxy setting does not trust cannot pick its address by the header.
    const spoofer = new TestClient(t.app);
    const spoofed = (address: string, password: string) =>
      spoofer.request({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email, password },
        headers: { 'x-forwarded-for': address },
      });
    for (let i = 0; i < 10; i += 1) expect((await spoofed(`192.0.2.${i + 1}`, `guess ${i}`)).statusCode).toBe(401);
    expect((await spoofed('192.0.2.99', PASSWORD)).statusCode).toBe(429);
  });

  it('slows an account guessed at from many addresses, longer with each failure, and never locks it', async () => {
    const email = await account();
    waits.length = 0;
    for (let i = 0; i < 12; i += 1) {
      expect((await new TestClient(t.app).signIn(email, `guess ${i}`)).statusCode).toBe(401);
    }
    expect((await new TestClient(t.app).signIn(email, PASSWORD)).statusCode).toBe(200);
    // Each attempt waited as the account's failures before it asked: none for the first few, then more each time.
    const expected = Array.from({ length: 13 }, (_, failures) => signInDelayMs(failures)).filter((ms) => ms > 0);
    expect(waits).toEqual(expected);
    expect(waits.length).toBeGreaterThan(3);
    expect(waits.at(-1)).toBeGreaterThan(waits[0] ?? Number.POSITIVE_INFINITY);
  });

  it('checks 10 of 40 wrong passwords sent at once from one address, and refuses the rest', async () => {
    const email = await account();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signInVia(ATTACKER, email, `guess ${i}`).then((res) => res.statusCode)),
    );
    // Attempts of one account and address are counted one after another, so exactly the limit is checked.
    expect(answers.filter((status) => status === 401)).toHaveLength(10);
    expect(answers.filter((status) => status === 429)).toHaveLength(30);
    expect((await signInVia(ATTACKER, email, PASSWORD)).statusCode).toBe(429);
    expect((await signInVia(OWNER, email, PASSWORD)).statusCode).toBe(200);
  });

  it('compares 5 of 15 wrong reset codes sent at once, refuses the rest, and the code is then dead', async () => {
    const email = await account();
    const { code } = await requestReset(email);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        new TestClient(t.app)
          .post('/api/auth/reset-password/code', { email, code: wrongCode, newPassword: NEW_PASSWORD })
          .then((res) => (res.json() as { error: { code: string } }).error.code),
      ),
    );
    expect(answers.filter((answer) => answer === 'invalid-code')).toHaveLength(5);
    expect(answers.filter((answer) => answer === 'too-many-requests')).toHaveLength(10);
    const right = await new TestClient(t.app).post('/api/auth/reset-password/code', {
      email,
      code,
      newPassword: NEW_PASSWORD,
    });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ error: { code: 'too-many-requests' } });
    expect((await new TestClient(t.app).signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it('resets by the e-mailed link or code while sign-ins are refused, and the new password signs in', async () => {
    const email = await account();
    // The owner forgot the password and tried ten, while someone else guessed too: both addresses are refused.
    for (const address of [OWNER, ATTACKER]) {
      for (let i = 0; i < 10; i += 1) await signInVia(address, email, `guess ${i}`);
      expect((await signInVia(address, email, PASSWORD)).statusCode).toBe(429);
    }

    const byLink = await requestReset(email);
    const link = await new TestClient(t.app).post('/api/auth/reset-password/link', {
      oobCode: byLink.oobCode,
      newPassword: NEW_PASSWORD,
    });
    expect(link.statusCode).toBe(200);
    expect((await signInVia(OWNER, email, NEW_PASSWORD)).statusCode).toBe(200);

    for (let i = 0; i < 10; i += 1) await signInVia(OWNER, email, `guess ${i}`);
    expect((await signInVia(OWNER, email, NEW_PASSWORD)).statusCode).toBe(429);
    const byCode = await requestReset(email);
    const code = await new TestClient(t.app).post('/api/auth/reset-password/code', {
      email,
      code: byCode.code,
      newPassword: 'cantering at dusk',
    });
    expect(code.statusCode).toBe(200);
    expect((await signInVia(OWNER, email, 'cantering at dusk')).statusCode).toBe(200);
  });
});

/** Two instances proper on one PostgreSQL database (SQLite serves one machine, whose writes take turns anyway). */
describe.runIf(TEST_DATABASES.includes('postgres'))('sign-in limits shared by instances', () => {
  const apps: TestApp[] = [];
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const schema = await makePostgresSchema();
    const mail = await startMailCatcher();
    cleanup = async () => {
      await mail.close();
      await schema.drop();
    };
    const build = { auth: { ...FAST_HASH.auth, signInDelay: { delayMs: () => 0 } } };
    for (let i = 0; i < 2; i += 1) {
      apps.push(await createTestApp({ env: { DATABASE_URL: schema.url, SMTP_URL: mail.url }, build }));
    }
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await cleanup();
  });

  it('checks 10 of 24 wrong passwords sent at once from one address through both instances', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    expect((await new TestClient(a.app).signUp('shared@example.com', PASSWORD)).statusCode).toBe(200);
    const ip = '10.18.0.1';
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        new TestClient(i % 2 ? b.app : a.app, undefined, ip).signIn('shared@example.com', `guess ${i}`),
      ),
    ).then((all) => all.map((res) => res.statusCode));
    expect(answers.filter((status) => status === 401)).toHaveLength(10);
    expect(answers.filter((status) => status === 429)).toHaveLength(14);
  });
});
