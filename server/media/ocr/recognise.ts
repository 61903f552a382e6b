import type { OcrRuntime } from './runtime';

/** The recogniser reads lines 48 px tall (PP-OCRv4's training height; ocr-common resizes to it too). */
const LINE_HEIGHT = 48;

/** The picture the lines are read from: raw RGB (or RGBA) pixels. */
export interface SourcePixels {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

/**
 * The text of the line whose corners (clockwise from the top left, in the source's pixels) are given, and the
 * recogniser's mean confidence over its characters.
 */
export async function recogniseLine(
  runtime: OcrRuntime,
  source: SourcePixels,
  corners: Array<[number, number]>,
): Promise<{ text: string; confidence: number }> {
  const { input, width } = lineInput(source, corners);
  const tensor = new runtime.Tensor('float32', input, [1, 3, LINE_HEIGHT, width]);
  const outputs = await runtime.recognition.run({ [runtime.recognition.inputNames[0] as string]: tensor });
  const output = outputs[runtime.recognition.outputNames[0] as string];
  if (!output) throw new Error('The recognition model gave no output');
  const [, steps = 0, classes = 0] = output.dims;
  return decodeCtc(output.data as Float32Array, steps, classes, runtime.dictionary);
}

/**
 * The line straightened and scaled to 48 px tall, as the recogniser's input: planes blue, green, red, each value / 255,
 * as @gutenye/ocr-common's imageToInput makes them. Each output pixel averages up to 3×3 samples of the source, so a
 * pad's 150 px digits shrink without aliasing.
 */
export function lineInput(
  source: SourcePixels,
  corners: Array<[number, number]>,
): { input: Float32Array; width: number } {
  const [[x0, y0], [x1, y1], , [x3, y3]] = corners as [[number, number], [number, number], unknown, [number, number]];
  const lineWidth = Math.hypot(x1 - x0, y1 - y0);
  const lineHeight = Math.hypot(x3 - x0, y3 - y0);
  const width = Math.max(LINE_HEIGHT / 4, Math.round((lineWidth * LINE_HEIGHT) / Math.max(1, lineHeight)));
  const samples = Math.min(3, Math.max(1, Math.ceil(lineHeight / LINE_HEIGHT)));
  const plane = width * LINE_HEIGHT;
  const input = new Float32Array(plane * 3);
  const along = [(x1 - x0) / width, (y1 - y0) / width];
  const across = [(x3 - x0) / LINE_HEIGHT, (y3 - y0) / LINE_HEIGHT];
  const { data, width: sourceWidth, height: sourceHeight, channels } = source;
  for (let row = 0; row < LINE_HEIGHT; row++) {
    for (let column = 0; column < width; column++) {
      let red = 0;
      let green = 0;
      let blue = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const u = column + (sx + 0.5) / samples;
          const v = row + (sy + 0.5) / samples;
          const x = Math.min(
            sourceWidth - 1,
            Math.max(0, Math.round(x0 + u * (along[0] as number) + v * (across[0] as number))),
          );
          const y = Math.min(
            sourceHeight - 1,
            Math.max(0, Math.round(y0 + u * (along[1] as number) + v * (across[1] as number))),
          );
          const at = (y * sourceWidth + x) * channels;
          red += data[at] as number;
          green += data[at + 1] as number;
          blue += data[at + 2] as number;
        }
      }
      const scale = 255 * samples * samples;
      const pixel = row * width + column;
      input[pixel] = blue / scale;
      input[plane + pixel] = green / scale;
      input[2 * plane + pixel] = red / scale;
    }
  }
  return { input, width };
}

/**
 * Greedy CTC decoding: the likeliest class at each step; blanks (0) and repeats of the previous step dropped. The
 * same as ocr-common's Recognition.decodeText, which is not exported and works on one whole batch of its own making;
 * copied because reading needs it on a tensor built here.
 */
export function decodeCtc(
  probabilities: Float32Array,
  steps: number,
  classes: number,
  dictionary: string[],
): { text: string; confidence: number } {
  let text = '';
  let confidenceSum = 0;
  let characters = 0;
  let previous = -1;
  for (let step = 0; step < steps; step++) {
    let best = 0;
    let bestProbability = Number.NEGATIVE_INFINITY;
    for (let index = 0, at = step * classes; index < classes; index++, at++) {
      const probability = probabilities[at] as number;
      if (probability > bestProbability) {
        bestProbability = probability;
        best = index;
      }
    }
    if (best !== 0 && best !== previous) {
      text += dictionary[best - 1] ?? '';
      confidenceSum += bestProbability;
      characters++;
    }
    previous = best;
  }
  return { text, confidence: characters ? confidenceSum / characters : 0 };
}
