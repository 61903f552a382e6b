/**
 * Reading an organiser's start list (CSV as Excel or the federation's software exports it) into entries. The file
 * is accepted whole or not at all: every problem found is reported with its line, so the organiser can fix the
 * spreadsheet once instead of uploading it again for each mistake.
 *
 * Line numbers are spreadsheet rows as the organiser sees them when opening the CSV: the header is line 1, a blank
 * line still takes a row, a quoted cell spanning several text lines is one row, and Excel's `sep=;` hint line is
 * not a row (Excel hides it). Line 0 stands for the file as a whole (too large, not a CSV file).
 */
import { mapColumns } from './start-list-columns';
import { decode, detectLayout, isBlank, readRecords, spreadsheetKind } from './start-list-file';
import { fail, START_LIST_LIMITS } from './start-list-problems';
import { readEntries, type StartEntry } from './start-list-rows';

export {
  describeStartListProblem,
  START_LIST_LIMITS,
  StartListError,
  type StartListProblem,
  type StartListProblemCode,
} from './start-list-problems';
export { parseTimeOfDay, type StartEntry } from './start-list-rows';

export function parseStartList(bytes: Uint8Array): { entries: StartEntry[] } {
  if (bytes.length > START_LIST_LIMITS.maxBytes) {
    fail({ line: 0, code: 'file-too-large', limit: START_LIST_LIMITS.maxBytes / 1024 / 1024 });
  }
  const notCsv = spreadsheetKind(bytes);
  if (notCsv) fail({ line: 0, code: 'not-csv', value: notCsv, expected: 'CSV' });

  const text = decode(bytes);
  const layout = detectLayout(text);
  if (!layout) fail({ line: 1, code: 'empty' });

  const records = readRecords(text, layout.delimiter, layout.rowOffset);
  const headerIndex = records.findIndex((record, index) => index >= layout.rowOffset && !isBlank(record));
  const header = records[headerIndex];
  if (!header) fail({ line: 1, code: 'empty' });
  const headerLine = headerIndex + 1 - layout.rowOffset;
  const columns = mapColumns(header, headerLine);
  return { entries: readEntries(records, headerIndex, layout.rowOffset, columns) };
}
