/**
 * `npm run bench -- start-list [rounds=20]`: reading a 2,000-entry start list (server/services/events/start-list.ts) as
 * Hebrew Excel saves it (Windows-1255) and as "CSV UTF-8" (with BOM): Hebrew headers, Hebrew and Latin names, some
 * quoted cells holding commas. The reference is csv-parse alone on the same bytes (default options, comma
 * delimiter), so the ratio is what decoding, delimiter and header detection, cleaning and validation add to plain
 * CSV parsing. Both sides alternate and keep their best round.
 * Goal: ≤ 1 s per file.
 */
import { parse } from 'csv-parse/sync';
import { parseStartList } from '../server/services/events/start-list';
import { printRatio } from './_report';

const ENTRY_COUNT = 2_000;
const GOAL_MS = 1_000;

const RIDERS = ['נועה לוי', 'יעל כהן', 'תמר מזרחי', 'אורי פרץ', 'Noa Levi', 'Dana Cohen', 'Levi, Noa', 'שירה אברהם'];
const HORSES = ['כוכב', 'ברק', 'Star', 'Bright Moon', 'Casall Z', 'יהלום', ''];
const CLASSES = ['מקצה 1 - 100 ס"מ', 'מקצה 2 - 110 ס"מ', 'Class A', 'Young Riders, 120 cm'];

/** Windows-1255 bytes for text made of characters the code page has (built from the decoder's own table). */
function encodeWindows1255(text: string): Buffer {
  const decoder = new TextDecoder('windows-1255');
  const table = new Map<string, number>();
  for (let byte = 0; byte < 256; byte++) {
    const char = decoder.decode(Uint8Array.of(byte));
    if (char !== '\ufffd' && !table.has(char)) table.set(char, byte);
  }
  return Buffer.from(
    Array.from(text, (char) => {
      const byte = table.get(char);
      if (byte === undefined) throw new Error(`not in Windows-1255: ${char}`);
      return byte;
    }),
  );
}

function quoted(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function makeCsv(): string {
  const lines = ['מספר,שם רוכב,שם הסוס,מקצה,שעת זינוק'];
  for (let i = 0; i < ENTRY_COUNT; i++) {
    const minutes = 8 * 60 + Math.floor(i * 1.5);
    const time = `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const row = [
      String(i + 1),
      `${RIDERS[i % RIDERS.length]} ${i}`,
      HORSES[i % HORSES.length] ?? '',
      CLASSES[Math.floor(i / 50) % CLASSES.length] ?? '',
      time,
    ];
    lines.push(row.map(quoted).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

function bestOf(rounds: number, work: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    work();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

export async function run(args: string[]): Promise<void> {
  const rounds = Math.max(1, Number(args[0] ?? 20) || 20);
  const csv = makeCsv();
  const files = {
    'Windows-1255': encodeWindows1255(csv),
    'UTF-8 with BOM': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, 'utf8')]),
  };
  console.log(`start-list: ${ENTRY_COUNT} entries, Hebrew headers, best of ${rounds} rounds per side`);
  let met = true;
  for (const [encoding, bytes] of Object.entries(files)) {
    const entries = parseStartList(bytes).entries.length;
    if (entries !== ENTRY_COUNT) throw new Error(`${encoding}: read ${entries} entries, expected ${ENTRY_COUNT}`);
    // Alternate the sides in small batches so drift in machine load hits both alike.
    let ours = Number.POSITIVE_INFINITY;
    let reference = Number.POSITIVE_INFINITY;
    for (let batch = 0; batch < rounds; batch += 5) {
      ours = Math.min(
        ours,
        bestOf(5, () => parseStartList(bytes)),
      );
      reference = Math.min(
        reference,
        bestOf(5, () => parse(bytes, { delimiter: ',' })),
      );
    }
    console.log(`  ${encoding}: ${(bytes.length / 1024).toFixed(0)} KiB, ${entries} entries read`);
    printRatio(`  ${encoding} (parse time)`, ours, reference, 'ms');
    met &&= ours <= GOAL_MS;
  }
  console.log(`goal ≤ ${GOAL_MS} ms per file: ${met ? 'met' : 'not met'}`);
  if (!met) process.exitCode = 1;
}
