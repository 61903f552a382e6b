/**
 * `npm run bench -- ingest [files=3] [rounds=3]`: the full image derivative set (every width and format of
 * server/media/variants.ts) plus the ThumbHash for 24-megapixel JPEGs, against `vipsthumbnail` making only the
 * largest derivative (2400 px JPEG) from the same files, one file after another on both sides. Ours runs in a child
 * process so its peak RSS is its own. The two sides alternate for a few rounds and each keeps its best round, so a
 * burst of load from elsewhere on the machine does not land on one side only.
 * Goals: at least 50 % of vipsthumbnail's throughput; peak RSS at most 512 MB.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deriveImage } from '../server/media/image-pipeline';
import { writePhotoLikeJpeg } from '../server/media/test-images';
import { printRatio } from './_report';

const exec = promisify(execFile);

async function child(files: string[]): Promise<void> {
  const started = process.hrtime.bigint();
  let outputs = 0;
  for (const file of files) outputs += (await deriveImage({ kind: 'file', path: file })).files.length;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  process.stdout.write(JSON.stringify({ seconds, outputs, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
}

export async function run(args: string[]): Promise<void> {
  if (args[0] === '--child') return child(args.slice(1));
  const count = Number(args[0] ?? 3);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'));
  try {
    const files: string[] = [];
    for (let i = 0; i < count; i++)
      files.push(await writePhotoLikeJpeg(path.join(dir, `photo-${i}.jpg`), 6000, 4000, i));
    const sizeMb = files.reduce((sum, f) => sum + fs.statSync(f).size, 0) / count / 1e6;
    console.log(`ingest: ${count} × 6000×4000 JPEG (${sizeMb.toFixed(1)} MB each), ${os.cpus().length} CPUs`);

    const rounds = Math.max(1, Number(args[1] ?? 3));
    let ours = { seconds: Number.POSITIVE_INFINITY, outputs: 0, maxRssMb: 0 };
    let refSeconds = Number.POSITIVE_INFINITY;
    for (let round = 1; round <= rounds; round++) {
      const oursOut = execFileSync(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, 'run.ts'), 'ingest', '--child', ...files],
        { encoding: 'utf8' },
      );
      const run = JSON.parse(oursOut) as typeof ours;
      const maxRssMb = Math.max(ours.maxRssMb, run.maxRssMb);
      ours = run.seconds < ours.seconds ? { ...run, maxRssMb } : { ...ours, maxRssMb };

      const refStarted = process.hrtime.bigint();
      for (const file of files) {
        await exec('vipsthumbnail', [file, '--size', '2400', '-o', path.join(dir, 'ref-%s.jpg[Q=82]')]);
      }
      const roundRef = Number(process.hrtime.bigint() - refStarted) / 1e9;
      refSeconds = Math.min(refSeconds, roundRef);
      console.log(
        `round ${round}: ours ${(run.seconds / count).toFixed(2)} s, vipsthumbnail ${(roundRef / count).toFixed(2)} s per image`,
      );
    }

    console.log(
      `best of ${rounds}: ours ${ours.outputs / count} files per image, ${(ours.seconds / count).toFixed(2)} s per image`,
    );
    console.log(`best of ${rounds}: vipsthumbnail 1 file per image, ${(refSeconds / count).toFixed(2)} s per image`);
    const ratio = printRatio('throughput (images/s)', count / ours.seconds, count / refSeconds, 'img/s');
    console.log(`peak RSS (ours, highest of all rounds): ${ours.maxRssMb.toFixed(0)} MB (goal ≤ 512 MB)`);
    console.log(`goal ≥ 50 % of vipsthumbnail: ${ratio >= 0.5 ? 'met' : 'not met'}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
