/** Cleaning a cell as a spreadsheet shows it: what Excel and Hebrew keyboards leave in cells is not part of a name. */

/** Direction marks and zero-width characters Excel and Hebrew keyboards leave in cells; never part of a name. */
const INVISIBLES = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const WHITESPACE_RUN = /\s+/g;
/** Anything `cleanCell` would change; most cells have none, and testing is cheaper than rewriting. */
const NEEDS_CLEANING = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]|[^\S ]| {2}|^ | $/;

/** Without invisible marks, whitespace runs as one space, trimmed. */
export function cleanCell(value: string): string {
  if (!NEEDS_CLEANING.test(value)) return value;
  return value.replace(INVISIBLES, '').replace(WHITESPACE_RUN, ' ').trim();
}

/** A header cell as HEADER_NAMES spells it: lower case, with typographic quotes and gereshes as plain quotes. */
export function normalizeHeader(value: string): string {
  return cleanCell(value)
    .toLocaleLowerCase('en')
    .replace(/[׳’‘`´]/g, "'")
    .replace(/[״“”]/g, '"');
}
