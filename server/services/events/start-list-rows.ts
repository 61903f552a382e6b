import { cleanCell } from './start-list-cells';
import { COLUMN_LABELS, type Column, type ColumnMap } from './start-list-columns';
import { isBlank } from './start-list-file';
import {
  fail,
  START_LIST_LIMITS,
  StartListError,
  type StartListProblem,
  type StartListProblemCode,
} from './start-list-problems';

/*
 * The rows of a start list under its header: each cell cleaned and checked, the start time read as a time of day,
 * every problem of every row collected before the file is refused.
 */

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

/** Per-column checks of a row, beyond the start time which `parseTimeOfDay` checks. */
const VALUE_RULES: ReadonlyArray<{ column: Exclude<Column, 'startTime'>; required: boolean; maxLength: number }> = [
  { column: 'number', required: true, maxLength: START_LIST_LIMITS.numberLength },
  { column: 'rider', required: true, maxLength: START_LIST_LIMITS.nameLength },
  { column: 'horse', required: false, maxLength: START_LIST_LIMITS.nameLength },
  { column: 'className', required: true, maxLength: START_LIST_LIMITS.classLength },
];
const ALL_COLUMNS: readonly Column[] = ['number', 'rider', 'horse', 'className', 'startTime'];

export function readEntries(
  records: string[][],
  headerIndex: number,
  rowOffset: number,
  columns: ColumnMap,
): StartEntry[] {
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
