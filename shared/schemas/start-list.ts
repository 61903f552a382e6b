import { z } from 'zod';

/**
 * A refused start list (400 `invalid-start-list`): `details.problems` lists every problem as a stable code with its
 * parameters, so the panel writes each one in the photographer's language; `message` is the same problem in English
 * for API users.
 */

/** The columns a start list may have; only `number` is required. */
export const START_LIST_COLUMNS = ['number', 'rider', 'horse', 'className', 'startTime'] as const;
export type StartListColumn = (typeof START_LIST_COLUMNS)[number];

export const START_LIST_PROBLEM_CODES = [
  'file-too-large',
  'not-csv',
  'empty',
  'no-entries',
  'missing-column',
  'duplicate-column',
  'bad-quotes',
  'field-count',
  'too-many-rows',
  'missing-value',
  'too-long',
  'bad-time',
  'unreadable-character',
  'duplicate-number',
] as const;
export type StartListProblemCode = (typeof START_LIST_PROBLEM_CODES)[number];

/** The parameters a problem may carry; which ones each code sets is written beside `describeStartListProblem`. */
export const startListProblemSchema = z.object({
  /** Spreadsheet row, header = 1; 0 for the file as a whole. */
  line: z.number().int().nonnegative(),
  code: z.enum(START_LIST_PROBLEM_CODES),
  /** The column concerned. */
  column: z.enum(START_LIST_COLUMNS).optional(),
  /** The cell (or header cell) as the file has it. */
  value: z.string().optional(),
  /** Another header cell naming the same column (duplicate-column). */
  otherValue: z.string().optional(),
  /** The format a value must have: `HH:MM` for a start time, `CSV` for the file. */
  expected: z.string().optional(),
  /** The limit passed: characters, rows, megabytes, or the header's number of fields. */
  limit: z.number().int().nonnegative().optional(),
  /** How many fields the line has (field-count). */
  count: z.number().int().nonnegative().optional(),
  /** The line that already holds this start number (duplicate-number). */
  otherLine: z.number().int().nonnegative().optional(),
  /** The class both lines share (duplicate-number), when the list has classes. */
  className: z.string().optional(),
  message: z.string(),
});
export type StartListProblemDetail = z.infer<typeof startListProblemSchema>;
