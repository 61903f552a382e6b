/**
 * `npm run bench -- zip [GiB]`: the download-all ZIP of ≥ 2 GB against `cat` of the same files to /dev/null.
 * Writes incompressible files to a temp folder, reads them once so both sides start from the page cache, then runs
 * each side three times and keeps the best. Goals: ≥ 80 % of cat's throughput, first byte ≤ 1 s, RSS growth ≤ 64 MB.
 * Two modes: with each file's CRC-32 recorded beforehand (what the download route does for processed media: the
 * ingest job records it), and computing it while streaming (rows older than the record).
 */
import { execFileSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { createZipStream } from '../server/storage/zip-archive';
import { makeTempDir } from '../server/test/harness';
import { writeBenchmarkSection } from './_doc-section';
import { printRatio } from './_report';

const FILE_BYTES = 256 * 1024 * 1024;
const READ_CHUNK = 1024 * 1024;
const RUNS = 3;

function writeFiles(dir: string, totalBytes: number): string[] {
  const block = randomFillSync(Buffer.allocUnsafe(16 * 1024 * 1024));
  const files: string[] = [];
  for (let i = 0; i * FILE_BYTES < totalBytes; i++) {
    const file = path.join(dir, `video-${i}.mp4`);
    const fd = fs.openSync(file, 'w');
    for (let written = 0; written < FILE_BYTES; written += block.length) {
      block.writeUInt32LE(i * 1000 + written / block.length, 0); // no two blocks alike
      fs.writeSync(fd, block);
    }
    // On disk before anything is timed: otherwise its write-back runs during the measurements and skews them.
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    files.push(file);
  }
  return files;
}

function timeCat(files: string[]): number {
  const started = process.hrtime.bigint();
  execFileSync('sh', ['-c', 'cat "$@" > /dev/null', 'cat', ...files]);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** The ceiling of Node itself: the same files piped from 1 MiB read streams to /dev/null, no archive at all. */
async function timeBareNode(files: string[]): Promise<number> {
  const started = process.hrtime.bigint();
  for (const file of files) {
    await pipeline(fs.createReadStream(file, { highWaterMark: READ_CHUNK }), fs.createWriteStream('/dev/null'));
  }
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function timeZip(
  files: string[],
  recordedCrcs: number[] | null,
): Promise<{ seconds: number; firstByte: number; rssGrowth: number; bytes: number }> {
  global.gc?.();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const started = process.hrtime.bigint();
  const { stream, length } = createZipStream(
    files.map((file, index) => {
      const stat = fs.statSync(file);
      return {
        name: `רכיבה/${path.basename(file)}`,
        size: stat.size,
        modified: stat.mtime,
        crc32: recordedCrcs?.[index],
        open: async () => fs.createReadStream(file, { highWaterMark: READ_CHUNK }),
      };
    }),
  );
  let firstByte = 0;
  let bytes = 0;
  const sink = fs.createWriteStream('/dev/null');
  stream.once('data', () => {
    firstByte = Number(process.hrtime.bigint() - started) / 1e9;
  });
  stream.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  await new Promise<void>((resolve, reject) => {
    stream.pipe(sink).on('finish', resolve).on('error', reject);
    stream.on('error', reject);
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  if (bytes !== length) throw new Error(`ZIP length ${bytes} differs from the predicted ${length}`);
  return { seconds, firstByte, rssGrowth: (peak - baseline) / 1024 / 1024, bytes };
}

export async function run(args: string[]): Promise<void> {
  const gib = Number(args[0] ?? 2);
  const temp = makeTempDir('gallery-bench-zip-');
  try {
    console.log(`writing ${gib} GiB of test files…`);
    const files = writeFiles(temp.dir, gib * 1024 ** 3);
    const total = files.reduce((sum, file) => sum + fs.statSync(file).size, 0);
    timeCat(files); // warm the page cache for both sides

    // As the ingest job does, once per file, before any download.
    const recorded = files.map((file) => crc32(fs.readFileSync(file)));

    const cat: number[] = [];
    const bare: number[] = [];
    const zip: Array<Awaited<ReturnType<typeof timeZip>>> = [];
    const computing: Array<Awaited<ReturnType<typeof timeZip>>> = [];
    for (let i = 0; i < RUNS; i++) {
      cat.push(timeCat(files));
      bare.push(await timeBareNode(files));
      zip.push(await timeZip(files, recorded));
      computing.push(await timeZip(files, null));
    }
    const catBest = Math.min(...cat);
    const best = (runs: typeof zip) => runs.reduce((b, r) => (r.seconds < b.seconds ? r : b));
    const zipBest = best(zip);
    const catMBs = total / catBest / 1e6;
    const zipMBs = zipBest.bytes / zipBest.seconds / 1e6;
    const computingBest = best(computing);
    const computingMBs = computingBest.bytes / computingBest.seconds / 1e6;
    const ratio = printRatio('zip throughput (CRC-32 recorded at ingest)', zipMBs, catMBs, 'MB/s');
    const computingRatio = printRatio('zip throughput (CRC-32 computed while streaming)', computingMBs, catMBs, 'MB/s');
    const bareMBs = total / Math.min(...bare) / 1e6;
    const bareRatio = printRatio('bare Node stream copy, no archive', bareMBs, catMBs, 'MB/s');
    const firstByteMs = Math.max(...[...zip, ...computing].map((r) => r.firstByte)) * 1000;
    const rssGrowth = Math.max(...[...zip, ...computing].map((r) => r.rssGrowth));
    console.log(`time to first byte (worst of ${RUNS}): ${firstByteMs.toFixed(1)} ms`);
    console.log(`RSS growth (worst of ${RUNS}): ${rssGrowth.toFixed(1)} MB`);
    const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

    const met = (ok: boolean) => (ok ? 'met' : '**not met**');
    writeBenchmarkSection(
      'zip',
      `
\`npm run bench -- zip [GiB]\` writes ${files.length} incompressible files of 256 MiB (${(total / 1e9).toFixed(2)} GB) to a
temporary folder, reads them once so both sides start from the page cache, then streams them ${RUNS} times through
\`createZipStream\` (STORED entries, 1 MiB reads) into /dev/null, alternating with \`cat <files> > /dev/null\`; the
best run of each counts. Our side runs in two modes: with each file's CRC-32 recorded beforehand, which is what the
download route does for every processed item (the ingest job records it while it reads the original), and computing
it while streaming with \`zlib.crc32\` (rows processed before the record existed). Goals: at least 80 % of cat's
throughput, first byte within 1 s, RSS growth at most 64 MB.

| measure | ours | cat | ratio / goal |
|---|---|---|---|
| throughput, CRC-32 recorded (the route) | ${zipMBs.toFixed(0)} MB/s | ${catMBs.toFixed(0)} MB/s | ${(ratio * 100).toFixed(1)} % — goal 80 %: ${met(ratio >= 0.8)} |
| throughput, CRC-32 computed while streaming | ${computingMBs.toFixed(0)} MB/s | ${catMBs.toFixed(0)} MB/s | ${(computingRatio * 100).toFixed(1)} % |
| bare Node: the files piped from 1 MiB read streams to /dev/null, no archive | ${bareMBs.toFixed(0)} MB/s | ${catMBs.toFixed(0)} MB/s | ${(bareRatio * 100).toFixed(1)} % (the ceiling for any Node code) |
| time to first byte (worst run) | ${firstByteMs.toFixed(1)} ms | — | goal ≤ 1 s: ${met(firstByteMs <= 1000)} |
| RSS growth (worst run) | ${rssGrowth.toFixed(1)} MB | — | goal ≤ 64 MB: ${met(rssGrowth <= 64)} |

Load average during the run: ${load} (2 cores). The archive's length was predicted exactly before the first byte
(checked on every run), so the download route can send Content-Length.

Why the throughput goal is missed: \`cat\` moves page-cache bytes to /dev/null through one reused 128 KiB buffer;
a Node stream allocates a fresh buffer for every read and passes each through the thread pool and the event loop,
and the bare copy above (no archive, no HTTP) is the most any Node code reaches here. Recording each original's
CRC-32 at ingest removed the archive's own largest cost: computed while streaming, \`zlib.crc32\` over every byte
holds one core at ~2 GB/s. Either way the archive is far faster than any client's link.
`,
    );
  } finally {
    temp.remove();
  }
}
