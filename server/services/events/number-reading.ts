import type { TextReading } from '../../media/ocr/types';

/** A start number read from a frame, with how sure the reading is and where it is (for the review crop). */
export interface NumberReading {
  number: string;
  /** 0–1. */
  confidence: number;
  /** In the read picture's pixels. */
  box: { x: number; y: number; width: number; height: number };
}

/**
 * The start numbers a frame shows, best first. `knownNumbers`: the event's start list (null when it has none).
 * Placeholder rule until the real one lands: whole digit-only lines.
 */
export function readStartNumbers(reading: TextReading, knownNumbers: ReadonlySet<string> | null): NumberReading[] {
  return reading.lines
    .filter((line) => /^\d{1,4}$/.test(line.text) && (knownNumbers === null || knownNumbers.has(line.text)))
    .map((line) => {
      const xs = line.box.map(([x]) => x);
      const ys = line.box.map(([, y]) => y);
      const x = Math.min(...xs);
      const y = Math.min(...ys);
      return {
        number: line.text,
        confidence: line.confidence,
        box: { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y },
      };
    });
}
