import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '../shared/error-codes';
import { LANGUAGES } from '../shared/i18n/languages';
import { ERROR_CODES_DOC, messageFor, renderErrorCodesDoc } from './error-codes-doc';

const codes = Object.keys(ERROR_STATUS) as ErrorCode[];

describe('docs/ERROR-CODES.md', () => {
  it('has a message for every code the server can raise, in every language', () => {
    for (const code of codes) {
      for (const language of LANGUAGES) expect(messageFor(code, language), `${code} in ${language}`).not.toBe('');
    }
  });

  it('lists every code with its HTTP status and its message in the five languages', () => {
    const doc = fs.readFileSync(ERROR_CODES_DOC, 'utf8');
    for (const code of codes) {
      const rows = doc.split('\n').filter((line) => line.startsWith(`| \`${code}\` |`));
      expect(rows, code).toHaveLength(2);
      expect(rows[0]).toContain(`| ${ERROR_STATUS[code]} |`);
      for (const language of LANGUAGES) expect(rows[1]).toContain(messageFor(code, language).replaceAll('|', '\\|'));
    }
    expect(ERROR_STATUS['quota-exceeded']).toBe(402);
  });

  it('is what `npm run docs:errors` makes now (not stale)', () => {
    expect(fs.readFileSync(ERROR_CODES_DOC, 'utf8')).toBe(renderErrorCodesDoc());
  });
});
