import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { cleanCell, normalizeHeader } from './start-list-cells';
import { COLUMN_BY_HEADER } from './start-list-columns';
import { fail } from './start-list-problems';

/*
 * Reading the file itself: refusing a workbook that is not CSV, finding its encoding and its delimiter, and splitting
 * it into records with their spreadsheet rows.
 */

const DELIMITERS = [',', ';', '\t'] as const;

/** A spreadsheet saved in its own format instead of CSV, by its file extension: a zip (xlsx, ods) or old Excel. */
export function spreadsheetKind(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return '.xlsx/.ods';
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return '.xls';
  return undefined;
}

/**
 * UTF-16 when a byte-order mark says so (Excel's "Unicode text"); else UTF-8 when the bytes are valid UTF-8, with or
 * without a BOM; else Windows-1255, the default of Hebrew Excel's "CSV". Trying UTF-8 first is safe: in Windows-1255
 * a Hebrew letter is a byte 0xE0–0xFA, which UTF-8 reads as the start of a sequence that must go on with bytes
 * 0x80–0xBF, and those are symbols there, never letters, so any Hebrew word fails the UTF-8 check. Text that is
 * all ASCII reads the same either way.
 */
export function decode(bytes: Uint8Array): string {
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
export function detectLayout(text: string): Layout | undefined {
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
export function readRecords(text: string, delimiter: string, rowOffset: number): string[][] {
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
    // With relaxed quotes and column counts, a quote mark is all csv-parse can still stumble on.
    return fail({ line, code: 'bad-quotes' });
  }
}

export function isBlank(record: readonly string[]): boolean {
  // The first cell is almost always the start number, so a real row usually answers at the first test.
  return record.every((cell) => cell === '' || cleanCell(cell) === '');
}
