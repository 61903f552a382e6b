import { cleanCell } from './start-list-cells';
import type { Column, ColumnMap } from './start-list-columns';
import { isBlank } from './start-list-file';
import { fail, START_LIST_LIMITS, StartListError, type StartListProblem, TIME_FORMAT } from './start-list-problems';

/*
 * The rows of a start list under its header: each cell cleaned and checked, the start time read as a time of day,
 * every problem of every row collected before the file is refused. Only the start number must be given: a cell of
 * another column may be empty, and a column the file does not have reads as empty on every line.
 */

export interface StartEntry {
  number: string;
  /** '' when not given, as are the horse (dance events) and the class. */
  rider: string;
  horse: string;
  className: string;
  /** Time of day at the event, `HH:MM:SS` (24-hour), the event supplying the date and time zone; null when not given. */
  startTime: string | null;
  /** Spreadsheet row of the entry, see the module comment. */
  line: number;
}

/** Longest value of each column; the start time is checked by `parseTimeOfDay` instead. */
const MAX_LENGTH: Readonly<Record<Exclude<Column, 'startTime'>, number>> = {
  number: START_LIST_LIMITS.numberLength,
  rider: START_LIST_LIMITS.nameLength,
  horse: START_LIST_LIMITS.nameLength,
  className: START_LIST_LIMITS.classLength,
};
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
      problems.push({ line, code: 'too-many-rows', limit: START_LIST_LIMITS.maxRows });
      break;
    }
    if (!fieldCountFits(record, columns.width)) {
      problems.push({ line, code: 'field-count', count: record.length, limit: columns.width });
      continue;
    }

    const cell = (column: Column) => {
      const position = columns.index[column];
      return position < 0 ? '' : cleanCell(record[position] ?? '');
    };
    const values: Record<Column, string> = {
      number: cell('number'),
      rider: cell('rider'),
      horse: cell('horse'),
      className: cell('className'),
      startTime: cell('startTime'),
    };
    const problemsBefore = problems.length;
    const problem = (found: Omit<StartListProblem, 'line'>) => problems.push({ line, ...found });

    if (values.number === '') problem({ code: 'missing-value', column: 'number' });
    for (const [column, limit] of Object.entries(MAX_LENGTH) as Array<[Column, number]>) {
      if (longerThan(values[column], limit)) problem({ code: 'too-long', column, limit });
    }
    for (const column of ALL_COLUMNS) {
      if (values[column].includes('\ufffd')) problem({ code: 'unreadable-character', column, value: values[column] });
    }
    // An empty time is no time: the entry is then placed by its number or by hand, never by time.
    const startTime = values.startTime === '' ? null : parseTimeOfDay(values.startTime);
    if (startTime === undefined) {
      problem({ code: 'bad-time', column: 'startTime', value: values.startTime, expected: TIME_FORMAT });
    }
    const { number, rider, horse, className } = values;
    if (number !== '') {
      const key = `${className}\u0000${number}`;
      const earlier = firstLineOfNumber.get(key);
      if (earlier === undefined) firstLineOfNumber.set(key, line);
      else
        problem({
          code: 'duplicate-number',
          column: 'number',
          value: number,
          otherLine: earlier,
          ...(className ? { className } : {}),
        });
    }

    if (problems.length === problemsBefore && startTime !== undefined) {
      entries.push({ number, rider, horse, className, startTime, line });
    }
  }

  if (problems.length > 0) throw new StartListError(problems);
  if (entries.length === 0) fail({ line: headerIndex + 2 - rowOffset, code: 'no-entries' });
  return entries;
}

/** Whether the row has as many fields as the header; extra empty fields are tolerated. */
function fieldCountFits(record: readonly string[], width: number): boolean {
  if (record.length < width) return false;
  for (let i = width; i < record.length; i++) if (cleanCell(record[i] ?? '') !== '') return false;
  return true;
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
