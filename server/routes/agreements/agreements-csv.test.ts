import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsDocument } from '../../services/site/terms';
import { signUpVerified } from '../../test/email-links';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'agreements-csv-secret' };
/** The visitor chooses their User-Agent; French-locale Excel splits this one on its `;`. */
const AGENT = "Mozilla/5.0;=cmd|' /C calc'!A0";
const FORMULA = /^(?:[\t\r]|[\s"]*[=+\-@])/;

describe.each(TEST_DATABASES)('the agreements export on %s', (database) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN));
    const visitor = new TestClient(t.app);
    await signUpVerified(visitor, t.dataDir, 'visitor@example.com', 'riding at dawn');
    const accepted = await visitor.request({
      method: 'POST',
      url: '/api/agreements',
      headers: { 'user-agent': AGENT },
      payload: { language: 'fr', termsVersion: termsDocument('fr').version },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });
  afterAll(async () => t?.close());

  it('opens in a spreadsheet split on commas, semicolons or tabs without a field that starts a formula', async () => {
    const res = await admin.get('/api/admin/agreements.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/\bno-store\b/);
    const body = res.body.replace(/^\uFEFF/, '');

    const rows = parse(body) as string[][];
    expect(rows[0]).toEqual(['id', 'userId', 'email', 'agreedAt', 'language', 'termsVersion', 'userAgent']);
    expect(rows.find((row) => row[2] === 'visitor@example.com')?.slice(4)).toEqual([
      'fr',
      termsDocument('fr').version,
      "Mozilla/5.0;'=cmd|' /C calc'!A0",
    ]);

    for (const delimiter of [',', ';', '\t']) {
      const fields = (parse(body, { delimiter, relax_quotes: true, relax_column_count: true }) as string[][]).flat();
      expect(fields.some((field) => field.includes('cmd|'))).toBe(true);
      expect(
        fields.filter((field) => FORMULA.test(field)),
        `split on ${JSON.stringify(delimiter)}`,
      ).toEqual([]);
    }
  });
});
