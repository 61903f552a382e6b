/**
 * `npm run bench -- ingest [files=3] [rounds=3]`: the full image derivative set (every width and format of
 * server/media/variants.ts) plus the ThumbHash for 24-megapixel JPEGs, against `vipsthumbnail` making only the
 * largest derivative (2400 px JPEG) from the same files, one file after another on both sides. Ours runs in a child
 * process so its peak RSS is its own. The sides alternate for a few rounds and each keeps its best round, so a
 * burst of load from elsewhere on the machine does not land on one side only.
 * The same run measures an ingest into a proofing gallery too: the derivative set, then the watermarked proofs made
 * from its clean pictures (as the proof job makes them, read back from a file), per image. Their cost is the time of
 * such a run over the part of it without the proofs (median of the rounds), so load from elsewhere, which falls on
 * both parts of one run alike, does not decide it; the ratio of the best rounds of both kinds is printed beside it.
 * Goals: at least 50 % of vipsthumbnail's throughput; peak RSS at most 512 MB; with proofs at most 1.25 × the time
 * per image without them.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deriveImage } from '../server/media/image-pipeline';
import { makeImageProofs, proofSource, type VersionedWatermark } from '../server/media/proofs';
import { writePhotoLikeJpeg, writeTestJpeg } from '../server/media/test-images';
import { printRatio } from './_report';

const exec = promisify(execFile);

const WATERMARK: VersionedWatermark = { text: 'Horses & Dance Photography', layout: 'tiled', logo: null, version: 'b' };

const secondsSince = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;
/** CPU seconds of this process since `started`, all threads (libvips works on several). */
const cpuSince = (started: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1e6;
};

/**
 * The derivative set of `file`, and with `withProofs` its proofs as the proof job makes them (from the clean picture
 * it reads back from storage into its scratch folder). Returns the files made and the time the proofs took.
 */
async function ingestOne(
  file: string,
  withProofs: boolean,
): Promise<{ outputs: number; proofSeconds: number; proofCpuSeconds: number }> {
  const { files } = await deriveImage({ kind: 'file', path: file });
  if (!withProofs) return { outputs: files.length, proofSeconds: 0, proofCpuSeconds: 0 };
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const source = proofSource(files.map((item) => item.derivative));
  const bytes = files.find((item) => item.derivative === source)?.data;
  if (!bytes) throw new Error('no clean picture to make proofs from');
  const local = `${file}.proof-source`;
  fs.writeFileSync(local, bytes);
  const proofs = await makeImageProofs({ kind: 'file', path: local }, WATERMARK);
  fs.rmSync(local);
  return { outputs: files.length + proofs.length, proofSeconds: secondsSince(started), proofCpuSeconds: cpuSince(cpu) };
}

interface ChildResult {
  seconds: number;
  /** Of `seconds`, the time the proofs took (0 without them). */
  proofSeconds: number;
  /** CPU seconds of the whole run, and of its proofs. */
  cpuSeconds: number;
  proofCpuSeconds: number;
  outputs: number;
  maxRssMb: number;
}

/**
 * One small picture through the same steps before the clock starts: the worker is a long-lived process, so what
 * only its first job pays (codec and font set-up, the compiler warming up) is left out of the per-image figures on
 * both sides alike. The proofs' overlay is not kept from it: the first photo still draws its own.
 */
async function warmUp(mode: string, dir: string): Promise<void> {
  const small = await writeTestJpeg(path.join(dir, 'warm-up.jpg'), 640, 480);
  await ingestOne(small, mode === 'proofs');
}

async function child(mode: string, files: string[]): Promise<void> {
  await warmUp(mode, path.dirname(files[0] ?? '.'));
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const result = { outputs: 0, proofSeconds: 0, proofCpuSeconds: 0 };
  for (const file of files) {
    const one = await ingestOne(file, mode === 'proofs');
    result.outputs += one.outputs;
    result.proofSeconds += one.proofSeconds;
    result.proofCpuSeconds += one.proofCpuSeconds;
  }
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  const totals = { seconds: secondsSince(started), cpuSeconds: cpuSince(cpu), maxRssMb };
  process.stdout.write(JSON.stringify({ ...result, ...totals }));
}

/** With proofs over without, from one run: the same process, so load from elsewhere falls on both parts alike. */
const proofCost = (run: ChildResult) => run.seconds / (run.seconds - run.proofSeconds);
/** The same in CPU time, which load from elsewhere hardly changes. */
const proofCpuCost = (run: ChildResult) => run.cpuSeconds / (run.cpuSeconds - run.proofCpuSeconds);
const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

function runChild(mode: 'plain' | 'proofs', files: string[]): ChildResult {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'run.ts'), 'ingest', '--child', mode, ...files],
    { encoding: 'utf8' },
  );
  return JSON.parse(out) as ChildResult;
}

/** The faster of two rounds, with the higher peak RSS of both. */
function best(kept: ChildResult, round: ChildResult): ChildResult {
  const maxRssMb = Math.max(kept.maxRssMb, round.maxRssMb);
  return round.seconds < kept.seconds ? { ...round, maxRssMb } : { ...kept, maxRssMb };
}

export async function run(args: string[]): Promise<void> {
  if (args[0] === '--child') return child(args[1] ?? 'plain', args.slice(2));
  const count = Number(args[0] ?? 3);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'));
  try {
    const files: string[] = [];
    for (let i = 0; i < count; i++)
      files.push(await writePhotoLikeJpeg(path.join(dir, `photo-${i}.jpg`), 6000, 4000, i));
    const sizeMb = files.reduce((sum, f) => sum + fs.statSync(f).size, 0) / count / 1e6;
    console.log(`ingest: ${count} × 6000×4000 JPEG (${sizeMb.toFixed(1)} MB each), ${os.cpus().length} CPUs`);

    const rounds = Math.max(1, Number(args[1] ?? 3));
    const none: ChildResult = {
      seconds: Number.POSITIVE_INFINITY,
      proofSeconds: 0,
      cpuSeconds: 0,
      proofCpuSeconds: 0,
      outputs: 0,
      maxRssMb: 0,
    };
    let ours = none;
    let withProofs = none;
    const proofRuns: ChildResult[] = [];
    let refSeconds = Number.POSITIVE_INFINITY;
    for (let round = 1; round <= rounds; round++) {
      const run = runChild('plain', files);
      ours = best(ours, run);
      const proofRun = runChild('proofs', files);
      withProofs = best(withProofs, proofRun);
      proofRuns.push(proofRun);

      const refStarted = process.hrtime.bigint();
      for (const file of files) {
        await exec('vipsthumbnail', [file, '--size', '2400', '-o', path.join(dir, 'ref-%s.jpg[Q=82]')]);
      }
      const roundRef = Number(process.hrtime.bigint() - refStarted) / 1e9;
      refSeconds = Math.min(refSeconds, roundRef);
      console.log(
        `round ${round}: ours ${(run.seconds / count).toFixed(2)} s, with proofs ${(proofRun.seconds / count).toFixed(2)} s (proofs ${(proofRun.proofSeconds / count).toFixed(2)} s), vipsthumbnail ${(roundRef / count).toFixed(2)} s per image`,
      );
    }

    console.log(
      `best of ${rounds}: ours ${ours.outputs / count} files per image, ${(ours.seconds / count).toFixed(2)} s per image`,
    );
    console.log(`best of ${rounds}: vipsthumbnail 1 file per image, ${(refSeconds / count).toFixed(2)} s per image`);
    const ratio = printRatio('throughput (images/s)', count / ours.seconds, count / refSeconds, 'img/s');
    console.log(`peak RSS (ours, highest of all rounds): ${ours.maxRssMb.toFixed(0)} MB (goal ≤ 512 MB)`);
    console.log(`goal ≥ 50 % of vipsthumbnail: ${ratio >= 0.5 ? 'met' : 'not met'}`);
    console.log(
      `best of ${rounds}: with proofs ${withProofs.outputs / count} files per image, ${(withProofs.seconds / count).toFixed(2)} s per image (proofs ${(withProofs.proofSeconds / count).toFixed(2)} s), peak RSS ${withProofs.maxRssMb.toFixed(0)} MB`,
    );
    console.log(`with proofs / without, best rounds of each: ${(withProofs.seconds / ours.seconds).toFixed(3)} ×`);
    const cpuCost = median(proofRuns.map(proofCpuCost));
    console.log(`with proofs / without, CPU time within each run (median of ${rounds}): ${cpuCost.toFixed(3)} ×`);
    const cost = median(proofRuns.map(proofCost));
    console.log(
      `with proofs / without, within each run (median of ${rounds}): ${cost.toFixed(3)} × (goal ≤ 1.25 ×): ${cost <= 1.25 ? 'met' : 'not met'}`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
