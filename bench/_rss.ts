import fs from 'node:fs';

/** Resident memory of process `pid` now (VmRSS: what the kernel really holds for it), in bytes. */
export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}

/** Samples the RSS of `pid` every 250 ms until the returned function is called, which gives the peak. */
export function samplePeakRss(pid: number): () => number {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 250);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssOf(pid));
  };
}
