/**
 * Reading an organiser's start list (CSV as Excel or the federation's software exports it) into entries. The file
 * is accepted whole or not at all: every problem found is reported with its line, so the organiser can fix the
 * spreadsheet once instead of uploading it again for each mistake.
 *
 * Line numbers are spreadsheet rows as the organiser sees them when opening the CSV: the header is line 1, a blank
 * line still takes a row, a quoted cell spanning several text lines is one row, and Excel's `sep=;` hint line is
 * not a row (Excel hides it). Line 0 stands for the file as a whole (too large, not a CSV file).
 */
import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';

export interface StartEntry {
  number: string;
  rider: string;
  /** Empty for dance events. */
  horse: string;
  className: string;
  /** Time of day at the event, `HH:MM:SS` (24-hour); the event supplies the date and time zone. */
  startTime: string;
  /** Spreadsheet row of the entry, see the module comment. */
  line: number;
}

export type StartListProblemCode =
  | 'file-too-large'
  | 'not-csv'
  | 'empty'
  | 'missing-column'
  | 'duplicate-column'
  | 'bad-quotes'
  | 'field-count'
  | 'too-many-rows'
  | 'missing-value'
  | 'too-long'
  | 'bad-time'
  | 'unreadable-character'
  | 'duplicate-number';

export interface StartListProblem {
  /** Spreadsheet row, header = 1; 0 for the file as a whole. */
  line: number;
  /** Stable code, for a translated message. */
  code: StartListProblemCode;
  /** The problem in English, naming the value and column involved. */
  reason: string;
}

export class StartListError extends Error {
  constructor(readonly problems: StartListProblem[]) {
    const first = problems[0];
    super(
      `The start list has ${problems.length} problem${problems.length === 1 ? '' : 's'}` +
        (first ? `; line ${first.line}: ${first.reason}` : ''),
    );
    this.name = 'StartListError';
  }
}

export const START_LIST_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxRows: 10_000,
  numberLength: 20,
  nameLength: 200,
  classLength: 100,
} as const;

type Column = 'number' | 'rider' | 'horse' | 'className' | 'startTime';

const COLUMN_LABELS: Record<Column, string> = {
  number: 'start number',
  rider: 'rider',
  horse: 'horse',
  className: 'class',
  startTime: 'start time',
};

/** Header spellings, compared after `normalizeHeader`. The horse column may be absent (dance events). */
const HEADER_NAMES: Record<Column, readonly string[]> = {
  number: [
    'start number',
    'start no.',
    'start no',
    'number',
    'no',
    'no.',
    '#',
    'bib',
    'מספר',
    "מס'",
    'מס',
    'מספר התחלה',
    'מספר מתחרה',
  ],
  rider: ['rider', 'name', 'rider name', 'dancer', 'רוכב', 'רוכבת', 'שם רוכב', 'שם', 'רקדן', 'רקדנית'],
  horse: ['horse', 'horse name', 'סוס', 'שם הסוס', 'שם סוס'],
  className: ['class', 'category', 'מקצה', 'קטגוריה', 'דרגה'],
  startTime: ['start time', 'time', 'start', 'שעת זינוק', 'שעה', 'שעת התחלה', 'זמן'],
};

const COLUMN_BY_HEADER = new Map<string, Column>(
  Object.entries(HEADER_NAMES).flatMap(([column, names]) => names.map((name) => [name, column as Column] as const)),
);
const REQUIRED_COLUMNS: readonly Column[] = ['number', 'rider', 'className', 'startTime'];
const DELIMITERS = [',', ';', '\t'] as const;

/** Direction marks and zero-width characters Excel and Hebrew keyboards leave in cells; never part of a name. */
const INVISIBLES = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const WHITESPACE_RUN = /\s+/g;
/** Anything `cleanCell` would change; most cells have none, and testing is cheaper than rewriting. */
const NEEDS_CLEANING = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]|[^\S ]| {2}|^ | $/;

/** Without invisible marks, whitespace runs as one space, trimmed. */
function cleanCell(value: string): string {
  if (!NEEDS_CLEANING.test(value)) return value;
  return value.replace(INVISIBLES, '').replace(WHITESPACE_RUN, ' ').trim();
}

function normalizeHeader(value: string): string {
  return cleanCell(value)
    .toLocaleLowerCase('en')
    .replace(/[׳’‘`´]/g, "'")
    .replace(/[״“”]/g, '"');
}

export function parseStartList(bytes: Uint8Array): { entries: StartEntry[] } {
  if (bytes.length > START_LIST_LIMITS.maxBytes) {
    fail(0, 'file-too-large', `The file is larger than ${START_LIST_LIMITS.maxBytes / 1024 / 1024} MB.`);
  }
  const notCsv = spreadsheetKind(bytes);
  if (notCsv) fail(0, 'not-csv', `This is ${notCsv}, not a CSV file: save the sheet as CSV and upload that.`);

  const text = decode(bytes);
  const layout = detectLayout(text);
  if (!layout) fail(1, 'empty', 'The file is empty.');

  const records = readRecords(text, layout.delimiter, layout.rowOffset);
  const headerIndex = records.findIndex((record, index) => index >= layout.rowOffset && !isBlank(record));
  const header = records[headerIndex];
  if (!header) fail(1, 'empty', 'The file is empty.');
  const headerLine = headerIndex + 1 - layout.rowOffset;
  const columns = mapColumns(header, headerLine);
  return { entries: readEntries(records, headerIndex, layout.rowOffset, columns) };
}

function fail(line: number, code: StartListProblemCode, reason: string): never {
  throw new StartListError([{ line, code, reason }]);
}

/** A spreadsheet saved in its own format instead of CSV: a zip (xlsx, ods) or an old binary Excel file. */
function spreadsheetKind(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    return 'a spreadsheet workbook (.xlsx or .ods)';
  }
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) {
    return 'an Excel workbook (.xls)';
  }
  return undefined;
}

/**
 * UTF-16 when a byte-order mark says so (Excel's "Unicode text"); else UTF-8 when the bytes are valid UTF-8, with or
 * without a BOM; else Windows-1255, the default of Hebrew Excel's "CSV". Trying UTF-8 first is safe: in Windows-1255
 * a Hebrew letter is a byte 0xE0–0xFA, which UTF-8 reads as the start of a sequence that must go on with bytes
 * 0x80–0xBF, and those are symbols there, never letters, so any Hebrew word fails the UTF-8 check. Text that is
 * all ASCII reads the same either way.
 */
function decode(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const utf8Bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = utf8Bom ? bytes.subarray(3) : bytes;
  // A BOM settles the encoding: invalid bytes then show up as unreadable characters on their lines.
  if (utf8Bom) return new TextDecoder('utf-8', { ignoreBOM: true }).decode(body);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1255').decode(body);
  }
}

interface Layout {
  delimiter: string;
  /** 1 when an Excel `sep=` line precedes the header: it is not a spreadsheet row. */
  rowOffset: 0 | 1;
}

/**
 * The delimiter: Excel's `sep=` hint when present, else the candidate that makes the header line name the most
 * known columns, then split into the most fields (comma wins a full tie). Undefined for a file without any text.
 */
function detectLayout(text: string): Layout | undefined {
  const lines = text.slice(0, 64 * 1024).split(/\r\n|\n|\r/);
  const hint = /^\s*"?sep=(.)"?\s*$/i.exec(lines[0] ?? '');
  if (hint?.[1] && hint[1] !== '"') return { delimiter: hint[1], rowOffset: 1 };
  const headerLine = lines.find((line) => cleanCell(line.replace(/[,;\t"]/g, '')) !== '');
  if (headerLine === undefined) return undefined;
  let best: { delimiter: string; known: number; fields: number } | undefined;
  for (const delimiter of DELIMITERS) {
    const cells = headerLine.split(delimiter).map((cell) => normalizeHeader(cell.replace(/^\s*"|"\s*$/g, '')));
    const known = cells.filter((cell) => COLUMN_BY_HEADER.has(cell)).length;
    if (!best || known > best.known || (known === best.known && cells.length > best.fields)) {
      best = { delimiter, known, fields: cells.length };
    }
  }
  return best && { delimiter: best.delimiter, rowOffset: 0 };
}

/** Every record, blank ones included, so that index + 1 − rowOffset is the spreadsheet row. */
function readRecords(text: string, delimiter: string, rowOffset: number): string[][] {
  try {
    return parse(text, {
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      // A quote inside an unquoted cell (Noa "Nono" Levi) is part of the name, as in Excel.
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
      bom: false,
    }) as string[][];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // `records` counts the complete records before the broken one.
    const line = Number((error as CsvError & { records?: number }).records ?? 0) + 1 - rowOffset;
    const reason =
      error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? 'A quoted cell is never closed: a quote mark (") is missing.'
        : error.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE'
          ? 'A quoted cell goes on after its closing quote mark (").'
          : `The line cannot be read as CSV (${error.code}).`;
    return fail(line, 'bad-quotes', reason);
  }
}

function isBlank(record: readonly string[]): boolean {
  // The first cell is almost always the start number, so a real row usually answers at the first test.
  return record.every((cell) => cell === '' || cleanCell(cell) === '');
}

interface ColumnMap {
  index: Record<Column, number>;
  /** Fields up to the last named header cell; a row must have at least these, and anything beyond must be empty. */
  width: number;
}

function mapColumns(header: readonly string[], line: number): ColumnMap {
  const index: Partial<Record<Column, number>> = {};
  const problems: StartListProblem[] = [];
  header.forEach((cell, position) => {
    const column = COLUMN_BY_HEADER.get(normalizeHeader(cell));
    if (!column) return;
    const earlier = index[column];
    if (earlier === undefined) {
      index[column] = position;
      return;
    }
    problems.push({
      line,
      code: 'duplicate-column',
      reason: `Columns ${earlier + 1} ("${cleanCell(header[earlier] ?? '')}") and ${position + 1} ("${cleanCell(cell)}") both give the ${COLUMN_LABELS[column]}; keep one.`,
    });
  });
  const missing = REQUIRED_COLUMNS.filter((column) => index[column] === undefined);
  if (missing.length > 0) {
    const expected = missing.map((column) => `${COLUMN_LABELS[column]} (${HEADER_NAMES[column].join(', ')})`);
    problems.unshift({
      line,
      code: 'missing-column',
      reason: `Missing column${missing.length === 1 ? '' : 's'}: ${expected.join('; ')}.`,
    });
  }
  if (problems.length > 0) throw new StartListError(problems);
  let width = header.length;
  while (width > 0 && cleanCell(header[width - 1] ?? '') === '') width--;
  return {
    index: {
      number: index.number ?? -1,
      rider: index.rider ?? -1,
      horse: index.horse ?? -1,
      className: index.className ?? -1,
      startTime: index.startTime ?? -1,
    },
    width,
  };
}

/** Per-column checks of a row, beyond the start time which `parseTimeOfDay` checks. */
const VALUE_RULES: ReadonlyArray<{ column: Exclude<Column, 'startTime'>; required: boolean; maxLength: number }> = [
  { column: 'number', required: true, maxLength: START_LIST_LIMITS.numberLength },
  { column: 'rider', required: true, maxLength: START_LIST_LIMITS.nameLength },
  { column: 'horse', required: false, maxLength: START_LIST_LIMITS.nameLength },
  { column: 'className', required: true, maxLength: START_LIST_LIMITS.classLength },
];
const ALL_COLUMNS: readonly Column[] = ['number', 'rider', 'horse', 'className', 'startTime'];

function readEntries(records: string[][], headerIndex: number, rowOffset: number, columns: ColumnMap): StartEntry[] {
  const entries: StartEntry[] = [];
  const problems: StartListProblem[] = [];
  const firstLineOfNumber = new Map<string, number>();
  let rows = 0;

  for (let i = headerIndex + 1; i < records.length; i++) {
    const record = records[i] ?? [];
    if (isBlank(record)) continue;
    const line = i + 1 - rowOffset;
    if (++rows > START_LIST_LIMITS.maxRows) {
      problems.push({
        line,
        code: 'too-many-rows',
        reason: `The list has more than ${START_LIST_LIMITS.maxRows} entries; split it into several files.`,
      });
      break;
    }
    const countProblem = checkFieldCount(record, columns.width);
    if (countProblem) {
      problems.push({ line, code: 'field-count', reason: countProblem });
      continue;
    }

    const values: Record<Column, string> = {
      number: cleanCell(record[columns.index.number] ?? ''),
      rider: cleanCell(record[columns.index.rider] ?? ''),
      horse: cleanCell(record[columns.index.horse] ?? ''),
      className: cleanCell(record[columns.index.className] ?? ''),
      startTime: cleanCell(record[columns.index.startTime] ?? ''),
    };
    const problemsBefore = problems.length;
    const problem = (code: StartListProblemCode, reason: string) => problems.push({ line, code, reason });

    for (const { column, required, maxLength } of VALUE_RULES) {
      const value = values[column];
      if (required && value === '') problem('missing-value', `The ${COLUMN_LABELS[column]} is empty.`);
      if (longerThan(value, maxLength)) {
        problem('too-long', `The ${COLUMN_LABELS[column]} is longer than ${maxLength} characters.`);
      }
    }
    for (const column of ALL_COLUMNS) {
      if (values[column].includes('\ufffd')) {
        problem(
          'unreadable-character',
          `The ${COLUMN_LABELS[column]} has characters that cannot be read; save the file as "CSV UTF-8".`,
        );
      }
    }
    const startTime = parseTimeOfDay(values.startTime);
    if (startTime === undefined) {
      problem(
        'bad-time',
        values.startTime === ''
          ? 'The start time is empty.'
          : `The start time "${values.startTime}" is not a time of day (HH:MM or HH:MM:SS).`,
      );
    }
    const { number, rider, horse, className } = values;
    if (number !== '' && className !== '') {
      const key = `${className}\u0000${number}`;
      const earlier = firstLineOfNumber.get(key);
      if (earlier === undefined) firstLineOfNumber.set(key, line);
      else
        problem(
          'duplicate-number',
          `Start number ${number} is already used in class "${className}" on line ${earlier}.`,
        );
    }

    if (problems.length === problemsBefore && startTime !== undefined) {
      entries.push({ number, rider, horse, className, startTime, line });
    }
  }

  if (problems.length > 0) throw new StartListError(problems);
  if (entries.length === 0) {
    fail(headerIndex + 2 - rowOffset, 'empty', 'The file has a header but no entries.');
  }
  return entries;
}

/** Undefined when the row has as many fields as the header; else why not. Extra empty fields are tolerated. */
function checkFieldCount(record: readonly string[], width: number): string | undefined {
  if (record.length < width) return `The line has ${record.length} fields; the header has ${width}.`;
  for (let i = width; i < record.length; i++) {
    if (cleanCell(record[i] ?? '') !== '') {
      return `The line has ${record.length} fields; the header has ${width}.`;
    }
  }
  return undefined;
}

/** Whether the value has more than `max` characters as a reader counts them (code points, not UTF-16 units). */
function longerThan(value: string, max: number): boolean {
  // UTF-16 length is an upper bound of the code points, so short values need no counting.
  if (value.length <= max) return false;
  let count = 0;
  for (const _ of value) if (++count > max) return true;
  return false;
}

const TIME_OF_DAY = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([ap])\.?\s*m\.?)?$/i;

/**
 * `9:30`, `09:30`, `09:30:15`, and Excel's English `9:30 AM` / `9:30:15 PM`, as `HH:MM:SS`; undefined otherwise.
 */
export function parseTimeOfDay(value: string): string | undefined {
  const match = TIME_OF_DAY.exec(value);
  if (!match) return undefined;
  const [, h = '', m = '', s = '0', half] = match;
  let hours = Number(h);
  const minutes = Number(m);
  const seconds = Number(s);
  if (minutes > 59 || seconds > 59) return undefined;
  if (half) {
    if (hours < 1 || hours > 12) return undefined;
    hours = (hours % 12) + (half.toLowerCase() === 'p' ? 12 : 0);
  } else if (hours > 23) {
    return undefined;
  }
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
}
