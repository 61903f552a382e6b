import { describe, expect, it } from 'vitest';
import {
  describeStartListProblem,
  parseStartList,
  parseTimeOfDay,
  START_LIST_LIMITS,
  type StartEntry,
  StartListError,
  type StartListProblem,
} from './start-list';

/**
 * Windows-1255 as Hebrew Excel writes it, from the code page's layout rather than from the decoder under test:
 * ASCII is itself and the letters א–ת (U+05D0–U+05EA) are bytes 0xE0–0xFA.
 */
function windows1255(text: string): Buffer {
  return Buffer.from(
    Array.from(text, (char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code < 0x80) return code;
      if (code >= 0x05d0 && code <= 0x05ea) return code - 0x05d0 + 0xe0;
      throw new Error(`not in the test's Windows-1255 table: ${char}`);
    }),
  );
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const utf8Bom = (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(text)]);
const utf16leBom = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const utf16beBom = (text: string) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);

function problemsOf(bytes: Buffer): StartListProblem[] {
  try {
    parseStartList(bytes);
  } catch (error) {
    if (error instanceof StartListError) return error.problems;
    throw error;
  }
  throw new Error('expected the start list to be refused');
}

/** Problems as `line code` strings, compact enough to compare whole lists in a table. */
function problemSummary(bytes: Buffer): string[] {
  return problemsOf(bytes).map((problem) => `${problem.line} ${problem.code}`);
}

const NOA: Omit<StartEntry, 'line'> = {
  number: '12',
  rider: 'Noa Levi',
  horse: 'Star',
  className: 'A',
  startTime: '09:30:00',
};

describe('parseStartList: encodings, delimiters and headers', () => {
  it.each<[string, Buffer, Array<Omit<StartEntry, 'line'>>]>([
    [
      'UTF-8 without BOM, comma, English headers',
      utf8('Number,Rider,Horse,Class,Start Time\n12,Noa Levi,Star,A,09:30\n'),
      [NOA],
    ],
    ['UTF-8 with BOM, comma', utf8Bom('Number,Rider,Horse,Class,Start Time\n12,Noa Levi,Star,A,09:30\n'), [NOA]],
    [
      'UTF-8 with BOM, semicolon, Hebrew headers',
      utf8Bom('מספר;רוכב;סוס;מקצה;שעת זינוק\n7;נועה לוי;כוכב;מקצה 1;8:05:30\n'),
      [{ number: '7', rider: 'נועה לוי', horse: 'כוכב', className: 'מקצה 1', startTime: '08:05:30' }],
    ],
    [
      'Windows-1255, comma, Hebrew headers',
      windows1255('מספר התחלה,שם רוכב,שם הסוס,קטגוריה,שעה\r\n7,נועה לוי,כוכב,א,08:05\r\n'),
      [{ number: '7', rider: 'נועה לוי', horse: 'כוכב', className: 'א', startTime: '08:05:00' }],
    ],
    [
      'Windows-1255, semicolon, mixed Hebrew and English headers',
      windows1255('#;Rider;סוס;Class;זמן\n7;Noa נועה Levi;Star;A;08:05\n'),
      [{ number: '7', rider: 'Noa נועה Levi', horse: 'Star', className: 'A', startTime: '08:05:00' }],
    ],
    [
      'tab-separated UTF-16LE with BOM (Excel "Unicode text")',
      utf16leBom('Bib\tName\tHorse Name\tCategory\tTime\r\n12\tNoa Levi\tStar\tA\t9:30\r\n'),
      [NOA],
    ],
    [
      'UTF-16BE with BOM, Hebrew',
      utf16beBom('מספר\tרוכב\tסוס\tמקצה\tשעה\n7\tנועה\t\tא\t08:05\n'),
      [{ number: '7', rider: 'נועה', horse: '', className: 'א', startTime: '08:05:00' }],
    ],
    ['tab-separated UTF-8', utf8('no.\trider name\thorse\tclass\tstart\n12\tNoa Levi\tStar\tA\t09:30:00\n'), [NOA]],
    [
      'quoted fields with the delimiter, quotes and line breaks inside',
      utf8('Number,Rider,Horse,Class,Start Time\n12,"Levi, Noa","Star ""Junior""","A, open",09:30\n'),
      [{ ...NOA, rider: 'Levi, Noa', horse: 'Star "Junior"', className: 'A, open' }],
    ],
    [
      'quoted semicolons in a semicolon file',
      utf8('Number;Rider;Horse;Class;Start Time\n12;"Levi; Noa";Star;A;09:30\n'),
      [{ ...NOA, rider: 'Levi; Noa' }],
    ],
    [
      'a quote inside an unquoted cell is kept',
      utf8('Number,Rider,Horse,Class,Start Time\n12,Noa "Nono" Levi,Star,A,09:30\n'),
      [{ ...NOA, rider: 'Noa "Nono" Levi' }],
    ],
    ["Excel's sep= hint line", utf8('sep=;\nNumber;Rider;Horse;Class;Start Time\n12;Noa Levi;Star;A;09:30\n'), [NOA]],
    [
      'headers in any case, with spaces, geresh forms, unknown columns ignored',
      utf8('  Club  ,Team, START NO. ,Rider,Horse,CLASS,start time\nHaifa,x,12,Noa Levi,Star,A,09:30\n'),
      [NOA],
    ],
    [
      'Hebrew geresh U+05F3 in the number header',
      utf8('מס׳,רוכבת,סוס,דרגה,שעת התחלה\n12,Noa Levi,Star,A,09:30\n'),
      [NOA],
    ],
    ['no horse column (dance)', utf8('Number,Dancer,Category,Time\n12,Noa Levi,A,09:30\n'), [{ ...NOA, horse: '' }]],
    [
      'empty horse allowed',
      utf8('Number,Rider,Horse,Class,Start Time\n12,Noa Levi,,A,09:30\n'),
      [{ ...NOA, horse: '' }],
    ],
    [
      'cells trimmed, inner whitespace collapsed, direction marks removed',
      utf8('Number,Rider,Horse,Class,Start Time\n 12 ,\u200fNoa \u00a0  Levi\u200e ,Star,A , 09:30 \n'),
      [NOA],
    ],
    [
      'extra empty fields at the end of a line are tolerated',
      utf8('Number,Rider,Horse,Class,Start Time\n12,Noa Levi,Star,A,09:30,,\n'),
      [NOA],
    ],
    [
      'header with trailing empty cells',
      utf8('Number,Rider,Horse,Class,Start Time,,\n12,Noa Levi,Star,A,09:30\n'),
      [NOA],
    ],
    [
      'same number in different classes',
      utf8('Number,Rider,Horse,Class,Start Time\n12,Noa Levi,Star,A,09:30\n12,Dana Cohen,Pepper,B,10:00\n'),
      [NOA, { number: '12', rider: 'Dana Cohen', horse: 'Pepper', className: 'B', startTime: '10:00:00' }],
    ],
  ])('%s', (_name, bytes, expected) => {
    const { entries } = parseStartList(bytes);
    expect(entries.map(({ line: _line, ...entry }) => entry)).toEqual(expected);
  });

  it('reads known Windows-1255 bytes (נועה = F0 E5 F2 E4)', () => {
    const bytes = Buffer.concat([
      utf8('Number,Rider,Horse,Class,Start Time\n1,'),
      Buffer.from([0xf0, 0xe5, 0xf2, 0xe4]),
      utf8(',Star,A,09:30\n'),
    ]);
    expect(parseStartList(bytes).entries[0]?.rider).toBe('נועה');
  });

  it('picks the delimiter that names the columns, even when names contain commas', () => {
    const { entries } = parseStartList(utf8('Number;Rider;Horse;Class;Start Time\n12;Levi, Noa;Star;A;09:30\n'));
    expect(entries[0]?.rider).toBe('Levi, Noa');
  });
});

describe('parseStartList: a start list as organisers write it', () => {
  const entriesOf = (bytes: Buffer) => parseStartList(bytes).entries.map(({ line: _line, ...entry }) => entry);
  const EMPTY = { rider: '', horse: '', className: '', startTime: null };
  const only = (number: string, fields: Partial<Omit<StartEntry, 'line'>> = {}) => ({ number, ...EMPTY, ...fields });

  it('takes a file of start numbers alone', () => {
    expect(entriesOf(utf8('Number\n12\n13\n\n14\n'))).toEqual([only('12'), only('13'), only('14')]);
    expect(entriesOf(windows1255('מספר\r\n7\r\n8\r\n'))).toEqual([only('7'), only('8')]);
  });

  it('takes number, rider and horse without class or time, in UTF-8 or Windows-1255', () => {
    expect(entriesOf(utf8('Number,Rider,Horse\n12,Noa Levi,Star\n13,Dana Cohen,Pepper\n'))).toEqual([
      only('12', { rider: 'Noa Levi', horse: 'Star' }),
      only('13', { rider: 'Dana Cohen', horse: 'Pepper' }),
    ]);
    expect(entriesOf(windows1255('מספר,רוכב,סוס\r\n7,נועה לוי,כוכב\r\n8,דנה כהן,רעם\r\n'))).toEqual([
      only('7', { rider: 'נועה לוי', horse: 'כוכב' }),
      only('8', { rider: 'דנה כהן', horse: 'רעם' }),
    ]);
  });

  it('leaves any cell but the number empty, line by line', () => {
    const csv = [
      'Number,Rider,Horse,Class,Start Time',
      '12,Noa Levi,Star,A,09:30',
      '13,,,,',
      '14,Dana Cohen,,B,',
      '15,,Rocket,,10:05',
    ].join('\n');
    expect(entriesOf(utf8(csv))).toEqual([
      NOA,
      only('13'),
      only('14', { rider: 'Dana Cohen', className: 'B' }),
      only('15', { horse: 'Rocket', startTime: '10:05:00' }),
    ]);
  });

  it('still refuses a start number used twice when the list has no classes', () => {
    expect(problemSummary(utf8('Number,Rider\n12,Noa\n12,Dana\n'))).toEqual(['3 duplicate-number']);
  });
});

describe('parseStartList: line numbers', () => {
  it('counts rows as a spreadsheet does: header 1, blank lines take a row, a multi-line cell is one row', () => {
    const { entries } = parseStartList(
      utf8(
        [
          'Number,Rider,Horse,Class,Start Time',
          '1,Noa Levi,Star,A,09:00',
          '',
          ',,,,',
          '2,"Dana',
          'Cohen",Pepper,A,09:03',
          '3,Tal Ben,Rocket,A,09:06',
        ].join('\r\n'),
      ),
    );
    expect(entries.map((entry) => [entry.number, entry.line, entry.rider])).toEqual([
      ['1', 2, 'Noa Levi'],
      ['2', 5, 'Dana Cohen'],
      ['3', 6, 'Tal Ben'],
    ]);
  });

  it('does not count the sep= hint line (Excel hides it)', () => {
    const { entries } = parseStartList(utf8('sep=,\nNumber,Rider,Horse,Class,Start Time\n12,Noa Levi,Star,A,09:30\n'));
    expect(entries[0]?.line).toBe(2);
  });

  it('counts blank lines before the header', () => {
    expect(problemSummary(utf8('\n\nRider,Horse,Start Time\n'))).toEqual(['3 missing-column']);
  });
});

describe('parseStartList: refused files', () => {
  const HEADER = 'Number,Rider,Horse,Class,Start Time';

  it.each<[string, Buffer, string[]]>([
    ['empty file', utf8(''), ['1 empty']],
    ['only blank lines', utf8('\n \n;;\n'), ['1 empty']],
    ['header without entries', utf8(`${HEADER}\n\n`), ['2 no-entries']],
    ['no start-number column', utf8('Rider,Horse,Class,Start Time\nNoa,Star,A,09:30\n'), ['1 missing-column']],
    ['no known column at all', utf8('Club,Team\nHaifa,x\n'), ['1 missing-column']],
    ['two columns for the rider', utf8('Number,Rider,Name,Class,Time\n1,Noa,Noa,A,09:00\n'), ['1 duplicate-column']],
    ['empty number', utf8(`${HEADER}\n,Noa Levi,Star,A,09:30\n`), ['2 missing-value']],
    ['hour out of range', utf8(`${HEADER}\n12,Noa,Star,A,24:00\n`), ['2 bad-time']],
    ['minutes out of range', utf8(`${HEADER}\n12,Noa,Star,A,09:60\n`), ['2 bad-time']],
    ['a date instead of a time', utf8(`${HEADER}\n12,Noa,Star,A,2026-05-14\n`), ['2 bad-time']],
    ['too few fields', utf8(`${HEADER}\n12,Noa,Star,A\n`), ['2 field-count']],
    ['too many fields', utf8(`${HEADER}\n12,Noa,Star,A,09:30,extra\n`), ['2 field-count']],
    [
      'duplicate number in the same class, reported on the second line',
      utf8(`${HEADER}\n12,Noa,Star,A,09:30\n13,Dana,Pepper,A,09:33\n12,Tal,Rocket,A,09:36\n`),
      ['4 duplicate-number'],
    ],
    [
      'unclosed quote, on the line it opens',
      utf8(`${HEADER}\n12,Noa,Star,A,09:30\n13,"Dana,Pepper,A,09:33\n14,Tal,Rocket,A,09:36\n15,Or,Dune,A,09:39\n`),
      ['3 bad-quotes'],
    ],
    ['text after a closing quote', utf8(`${HEADER}\n12,"Noa" Levi,Star,A,09:30\n`), ['2 bad-quotes']],
    [
      'a byte Windows-1255 does not define',
      Buffer.concat([utf8(`${HEADER}\n12,Noa`), Buffer.from([0xd9]), utf8(',Star,A,09:30\n')]),
      ['2 unreadable-character'],
    ],
    ['an .xlsx workbook', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), ['0 not-csv']],
    ['an .xls workbook', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]), ['0 not-csv']],
  ])('%s', (_name, bytes, expected) => {
    expect(problemSummary(bytes)).toEqual(expected);
  });

  it('reports every bad row with its line, code and parameters, and imports nothing', () => {
    const csv = [
      HEADER,
      '1,Noa Levi,Star,A,09:00', // line 2: fine
      ',Dana Cohen,Pepper,A,09:03', // line 3: no number
      '', // line 4: blank
      '3,,Rocket,A,9:6', // line 5: no rider (fine), bad time
      '1,Tal Ben,Comet,A,09:09', // line 6: number 1 again in class A
      '1,Tal Ben,Comet,B,09:09', // line 7: fine, other class
      '5,Or,Dune', // line 8: too few fields
    ].join('\n');
    expect(problemsOf(utf8(csv))).toEqual([
      { line: 3, code: 'missing-value', column: 'number' },
      { line: 5, code: 'bad-time', column: 'startTime', value: '9:6', expected: 'HH:MM' },
      { line: 6, code: 'duplicate-number', column: 'number', value: '1', otherLine: 2, className: 'A' },
      { line: 8, code: 'field-count', count: 3, limit: 5 },
    ]);
  });

  it('gives each problem its parameters, and an English sentence built from them', () => {
    const cases: Array<[Buffer, StartListProblem, string]> = [
      [
        windows1255('מספר,רוכב,שעה\n7,נועה,8.30\n'),
        { line: 2, code: 'bad-time', column: 'startTime', value: '8.30', expected: 'HH:MM' },
        'The start time "8.30" is not a time of day (HH:MM or HH:MM:SS).',
      ],
      [
        windows1255('מספר,רוכב\n7,נועה\n8,דנה\n7,טל\n'),
        { line: 4, code: 'duplicate-number', column: 'number', value: '7', otherLine: 2 },
        'Start number 7 is already used on line 2.',
      ],
      [
        windows1255('רוכב,סוס\nנועה,כוכב\n'),
        { line: 1, code: 'missing-column', column: 'number' },
        'No column gives the start number: name one "Number" or "מספר".',
      ],
      [
        utf8('Number,Rider,Name\n1,Noa,Noa\n'),
        { line: 1, code: 'duplicate-column', column: 'rider', value: 'Name', otherValue: 'Rider' },
        'Columns "Rider" and "Name" both give the rider; keep one.',
      ],
      [
        utf8(`Number,Rider\n${'9'.repeat(21)},Noa\n`),
        { line: 2, code: 'too-long', column: 'number', limit: 20 },
        'The start number is longer than 20 characters.',
      ],
      [
        Buffer.concat([utf8('Number,Rider\n12,Noa'), Buffer.from([0xd9]), utf8('\n')]),
        { line: 2, code: 'unreadable-character', column: 'rider', value: 'Noa\ufffd' },
        'The rider has characters that cannot be read; save the file as "CSV UTF-8".',
      ],
      [
        Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]),
        { line: 0, code: 'not-csv', value: '.xlsx/.ods', expected: 'CSV' },
        'This is a spreadsheet workbook (.xlsx/.ods), not a CSV file: save the sheet as CSV and upload that.',
      ],
    ];
    for (const [bytes, problem, english] of cases) {
      expect(problemsOf(bytes)).toEqual([problem]);
      expect(describeStartListProblem(problem)).toBe(english);
    }
  });

  it('refuses values over the length limits', () => {
    const long = (n: number) => 'x'.repeat(n);
    const ok = parseStartList(
      utf8(`${HEADER}\n${long(20)},${long(200)},${'ס'.repeat(200)},${long(100)},09:00\n`),
    ).entries;
    expect(ok).toHaveLength(1);
    expect(problemSummary(utf8(`${HEADER}\n${long(21)},${long(201)},${long(201)},${long(101)},09:00\n`))).toEqual([
      '2 too-long',
      '2 too-long',
      '2 too-long',
      '2 too-long',
    ]);
  });

  it(`accepts ${START_LIST_LIMITS.maxRows} rows and refuses one more`, () => {
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => `${i + 1},Rider ${i},Horse ${i},A,09:00`).join('\n');
    expect(parseStartList(utf8(`${HEADER}\n${rows(START_LIST_LIMITS.maxRows)}\n`)).entries).toHaveLength(
      START_LIST_LIMITS.maxRows,
    );
    expect(problemSummary(utf8(`${HEADER}\n${rows(START_LIST_LIMITS.maxRows + 1)}\n`))).toEqual([
      `${START_LIST_LIMITS.maxRows + 2} too-many-rows`,
    ]);
  });

  it('refuses a file over 5 MB before reading it', () => {
    const big = Buffer.alloc(START_LIST_LIMITS.maxBytes + 1, 0x20);
    expect(problemSummary(big)).toEqual(['0 file-too-large']);
    expect(START_LIST_LIMITS.maxBytes).toBe(5 * 1024 * 1024);
  });

  it('throws a StartListError whose message names the first problem', () => {
    expect(() => parseStartList(utf8(`${HEADER}\n,Noa,Star,A,09:30\n`))).toThrow(
      /1 problem; line 2: The start number is empty\./,
    );
  });
});

describe('parseTimeOfDay', () => {
  it.each([
    ['09:30', '09:30:00'],
    ['9:30', '09:30:00'],
    ['09:30:15', '09:30:15'],
    ['0:00', '00:00:00'],
    ['23:59:59', '23:59:59'],
    ['9:30 AM', '09:30:00'],
    ['9:30:15 pm', '21:30:15'],
    ['12:00 AM', '00:00:00'],
    ['12:05 PM', '12:05:00'],
    ['24:00', undefined],
    ['13:00 PM', undefined],
    ['9:5', undefined],
    ['09:30:60', undefined],
    ['0930', undefined],
    ['9.30', undefined],
    ['', undefined],
  ])('%j → %j', (input, expected) => {
    expect(parseTimeOfDay(input)).toBe(expected);
  });
});
