import type { StartListColumn as Column } from '../../../shared/schemas/start-list';
import { cleanCell, normalizeHeader } from './start-list-cells';
import { StartListError, type StartListProblem } from './start-list-problems';

/*
 * A start list's columns: which header cell names which column, in English or Hebrew. Only the start number is
 * required: many shows publish numbers and names only, and the times only placement by time needs.
 */

export type { Column };

/** Header spellings, compared after `normalizeHeader`. */
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
export interface ColumnMap {
  /** Each column's position in a row; -1 for a column the file does not have. */
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
      column,
      value: cleanCell(cell),
      otherValue: cleanCell(header[earlier] ?? ''),
    });
  });
  if (index.number === undefined) problems.unshift({ line, code: 'missing-column', column: 'number' });
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
