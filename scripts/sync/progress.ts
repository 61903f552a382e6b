/** The counts the summary line gives. */
export interface Counts {
  uploaded: number;
  skipped: number;
  failed: number;
}

const MB = 1024 * 1024;
/** Files at least this large get progress lines while they go (every quarter). */
const LARGE_FILE = 20 * MB;

function size(bytes: number): string {
  return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * What the command prints: a line per file (sent, skipped, failed, waiting), progress lines for a large one, and the
 * running count in each line, readable in any terminal or log (no cursor tricks). Ends with the summary line.
 */
export class Progress {
  readonly counts: Counts = { uploaded: 0, skipped: 0, failed: 0 };
  readonly #quarters = new Map<string, number>();

  constructor(private readonly write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)) {}

  #tally(): string {
    const { uploaded, skipped, failed } = this.counts;
    return `[${uploaded} uploaded, ${skipped} skipped, ${failed} failed]`;
  }

  say(line: string): void {
    this.write(line);
  }

  sending(file: string, sent: number, total: number): void {
    if (total < LARGE_FILE) return;
    const quarter = Math.floor((sent / total) * 4);
    if (quarter === 0 || quarter === 4 || (this.#quarters.get(file) ?? 0) >= quarter) return;
    this.#quarters.set(file, quarter);
    this.write(`  … ${file}: ${quarter * 25}% of ${size(total)}`);
  }

  uploaded(file: string, resumedFrom: number): void {
    this.counts.uploaded++;
    this.#quarters.delete(file);
    const resumed = resumedFrom > 0 ? ` (resumed at ${size(resumedFrom)})` : '';
    this.write(`uploaded ${file}${resumed} ${this.#tally()}`);
  }

  skipped(file: string): void {
    this.counts.skipped++;
    this.write(`skipped  ${file}: already there ${this.#tally()}`);
  }

  failed(file: string, reason: string): void {
    this.counts.failed++;
    this.write(`FAILED   ${file}: ${reason} ${this.#tally()}`);
  }

  waiting(file: string, reason: string): void {
    this.write(`waiting  ${file}: ${reason}; it will be tried again`);
  }

  summary(): string {
    const { uploaded, skipped, failed } = this.counts;
    return `${uploaded} uploaded, ${skipped} skipped, ${failed} failed`;
  }
}
