/** What is wrong with a start list, line by line: the import refuses the file whole and reports every problem. */
import type { StartListColumn, StartListProblemDetail } from '../../../shared/schemas/start-list';

export type { StartListProblemCode } from '../../../shared/schemas/start-list';

/** A problem as a stable code and its parameters; the panel words it in the photographer's language. */
export type StartListProblem = Omit<StartListProblemDetail, 'message'>;

/** The expected form of a start time, named in a bad-time problem. */
export const TIME_FORMAT = 'HH:MM';

export class StartListError extends Error {
  constructor(readonly problems: StartListProblem[]) {
    const first = problems[0];
    super(
      `The start list has ${problems.length} problem${problems.length === 1 ? '' : 's'}` +
        (first ? `; line ${first.line}: ${describeStartListProblem(first)}` : ''),
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

export function fail(problem: StartListProblem): never {
  throw new StartListError([problem]);
}

const COLUMN_NAMES: Record<StartListColumn, string> = {
  number: 'start number',
  rider: 'rider',
  horse: 'horse',
  className: 'class',
  startTime: 'start time',
};

/** The problem in English, for API users and logs (the panel words it from the code and its parameters instead). */
export function describeStartListProblem(problem: StartListProblem): string {
  const column = COLUMN_NAMES[problem.column ?? 'number'];
  const value = JSON.stringify(problem.value ?? '');
  switch (problem.code) {
    case 'file-too-large':
      return `The file is larger than ${problem.limit} MB.`;
    case 'not-csv':
      return `This is a spreadsheet workbook (${problem.value}), not a CSV file: save the sheet as CSV and upload that.`;
    case 'empty':
      return 'The file is empty.';
    case 'no-entries':
      return 'The file has a header but no entries.';
    case 'missing-column':
      return `No column gives the ${column}: name one "Number" or "מספר".`;
    case 'duplicate-column':
      return `Columns ${JSON.stringify(problem.otherValue ?? '')} and ${value} both give the ${column}; keep one.`;
    case 'bad-quotes':
      return 'A quoted cell is not closed, or goes on after its closing quote mark (").';
    case 'field-count':
      return `The line has ${problem.count} fields; the header has ${problem.limit}.`;
    case 'too-many-rows':
      return `The list has more than ${problem.limit} entries; split it into several files.`;
    case 'missing-value':
      return `The ${column} is empty.`;
    case 'too-long':
      return `The ${column} is longer than ${problem.limit} characters.`;
    case 'bad-time':
      return `The ${column} ${value} is not a time of day (${problem.expected} or ${problem.expected}:SS).`;
    case 'unreadable-character':
      return `The ${column} has characters that cannot be read; save the file as "CSV UTF-8".`;
    case 'duplicate-number':
      return problem.className
        ? `Start number ${problem.value} is already used in class ${JSON.stringify(problem.className)} on line ${problem.otherLine}.`
        : `Start number ${problem.value} is already used on line ${problem.otherLine}.`;
  }
}
