import { cleanCell, normalizeHeader } from './start-list-cells';
import { StartListError, type StartListProblem } from './start-list-problems';

/*
 * A start list's columns: which header cell names which column, in English or Hebrew, and which are required.
 */

export type Column = 'number' | 'rider' | 'horse' | 'className' | 'startTime';

export const COLUMN_LABELS: Record<Column, string> = {
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

export const COLUMN_BY_HEADER = new Map<string, Column>(
  Object.entries(HEADER_NAMES).flatMap(([column, names]) => names.map((name) => [name, column as Column] as const)),
);
const REQUIRED_COLUMNS: readonly Column[] = ['number', 'rider', 'className', 'startTime'];

export interface ColumnMap {
  index: Record<Column, number>;
  /** Fields up to the last named header cell; a row must have at least these, and anything beyond must be empty. */
  width: number;
}

export function mapColumns(header: readonly string[], line: number): ColumnMap {
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
