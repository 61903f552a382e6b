/** What is wrong with a start list, line by line: the import refuses the file whole and reports every problem. */

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

export function fail(line: number, code: StartListProblemCode, reason: string): never {
  throw new StartListError([{ line, code, reason }]);
}
