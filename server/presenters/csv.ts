/**
 * Every CSV file the site writes goes through here. Cells come from the public (an e-mail, a browser's user agent),
 * and a spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return before one) as a formula, so:
 *
 * - every cell is quoted, with its inner quotes doubled (RFC 4180), and records end with CRLF;
 * - a `'` goes before every place a reader could take for the start of a cell: the cell's own start, and the text
 *   after each `,`, `;`, tab or line break inside it. Quoting alone is not enough: French-locale Excel splits on `;`
 *   and a tab-separated reader on tabs, and neither sees our commas as separators, so their quote tracking goes wrong
 *   and `"Mozilla/5.0;=cmd|…"` is cut after the `;` into an unquoted cell that starts with `=`. The apostrophe is
 *   added only where such a start follows (after any spaces or quotes), so ordinary text is unchanged.
 */

const SEPARATORS = ',;\t\n\r';
const TRIGGERS = '=+-@';
const SKIPPED = /[\s"]/u;

/**
 * The text with a `'` at every place a reader may start a cell (the start, or just after a separator or line break; a
 * CRLF counts once) where a tab or CR stands, or a trigger follows after any spaces or quotes. A tab both separates
 * and triggers, so "\t=1" gets two: `'\t'=1`. One pass from the right finds what each place is followed by, so a
 * long run of blanks costs no more than its length (a pattern that looks ahead from every place would not).
 */
function neutralised(text: string): string {
  const following: Array<string | undefined> = new Array(text.length + 1);
  for (let i = text.length - 1; i >= 0; i--) {
    const char = text.charAt(i);
    following[i] = SKIPPED.test(char) ? following[i + 1] : char;
  }
  const parts: string[] = [];
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    const before = text.charAt(i - 1);
    const startsCell = i === 0 || (SEPARATORS.includes(before) && !(before === '\r' && char === '\n'));
    if (startsCell && (char === '\t' || char === '\r' || TRIGGERS.includes(following[i] ?? ' '))) {
      parts.push(text.slice(copied, i), "'");
      copied = i;
    }
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

function csvCell(value: string | number | null | undefined): string {
  return `"${neutralised(String(value ?? '')).replaceAll('"', '""')}"`;
}

/** One CSV record: every cell quoted and made safe to open in a spreadsheet; null and undefined are empty cells. */
export function csvLine(cells: ReadonlyArray<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
