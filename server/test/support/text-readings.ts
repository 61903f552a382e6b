import type { TextReading } from '../../media/ocr/types';

/**
 * A TextReading as the OCR models would give it for a 1600×1067 rendition: each line `[text, confidence]`, laid out
 * one under the other at the left, so every line has its own box.
 */
export function textReading(...lines: Array<[text: string, confidence: number]>): TextReading {
  return {
    width: 1600,
    height: 1067,
    lines: lines.map(([text, confidence], i) => {
      const x = 400;
      const y = 300 + i * 120;
      return {
        text,
        confidence,
        box: [
          [x, y],
          [x + 160, y],
          [x + 160, y + 90],
          [x, y + 90],
        ],
      };
    }),
  };
}
