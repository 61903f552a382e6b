import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvLine } from './csv';

/** A field a spreadsheet would run as a formula: a trigger first, or after spaces or quotes, or a tab or CR first. */
const FORMULA = /^(?:[\t\r]|[\s"]*[=+\-@])/;

/** Cells an attacker can choose (a user agent, an e-mail's local part), each aimed at one separator or reader. */
const HOSTILE = [
  "Mozilla/5.0;=cmd|' /C calc'!A0",
  'Mozilla/5.0 (compatible; +http://bot.example)',
  'x,=1+1',
  'y\t=2+2',
  'z;"=3+3"',
  'w; @SUM(1)',
  'first\r\n=HYPERLINK("http://evil.example")',
  'cr\r-4+4',
  'lf\n+5',
  '=HYPERLINK("http://evil.example","click"), "quoted"',
  '+972 50 123 4567',
  '-10',
  '@admin',
  '\t=tab first',
  '\r=cr first',
  ' =space first',
  '"=quoted first"',
];

const file = csvLine(['id', 'userAgent']) + HOSTILE.map((cell, index) => csvLine([String(index), cell])).join('');

describe('csvLine', () => {
  it('quotes every cell, doubles inner quotes and ends each record with CRLF', () => {
    expect(csvLine(['id', 'a "b"', null, 7])).toBe('"id","a ""b""","","7"\r\n');
  });

  it('leaves ordinary text as it is, semicolons, commas and dashes inside included', () => {
    const agent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0';
    expect(parse(csvLine([agent, 'dana-cohen@example.com', 'נועה לוי']))).toEqual([
      [agent, 'dana-cohen@example.com', 'נועה לוי'],
    ]);
  });

  it('reads back, split on commas, as the cells with an apostrophe before each place a formula could start', () => {
    const rows = parse(file) as string[][];
    expect(rows.slice(1).map((row) => row[1])).toEqual([
      "Mozilla/5.0;'=cmd|' /C calc'!A0",
      "Mozilla/5.0 (compatible;' +http://bot.example)",
      "x,'=1+1",
      "y\t'=2+2",
      `z;'"=3+3"`,
      "w;' @SUM(1)",
      `first\r\n'=HYPERLINK("http://evil.example")`,
      "cr\r'-4+4",
      "lf\n'+5",
      `'=HYPERLINK("http://evil.example","click"), "quoted"`,
      "'+972 50 123 4567",
      "'-10",
      "'@admin",
      "'\t'=tab first",
      "'\r'=cr first",
      "' =space first",
      `'"=quoted first"`,
    ]);
  });

  // French-locale Excel splits on `;`, a TSV reader on tabs: neither sees our commas, so the quotes no longer hold
  // cells together. Each way of splitting, with a reader that tracks quotes and with one that ignores them, must give
  // no field that starts a formula.
  it.each([
    [',', 'tracking quotes', { relax_quotes: true }],
    [';', 'tracking quotes', { relax_quotes: true }],
    ['\t', 'tracking quotes', { relax_quotes: true }],
    [',', 'ignoring quotes', { quote: false }],
    [';', 'ignoring quotes', { quote: false }],
    ['\t', 'ignoring quotes', { quote: false }],
  ])('split on %j by a reader %s, no field starts a formula', (delimiter, _how, options) => {
    const rows = parse(file, { delimiter, relax_column_count: true, ...options }) as string[][];
    const fields = rows.flat();
    expect(fields.length).toBeGreaterThan(HOSTILE.length);
    expect(fields.filter((field) => FORMULA.test(field))).toEqual([]);
  });
});
