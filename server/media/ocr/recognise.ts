import { sharp } from '../sharp';
import type { OcrRuntime } from './runtime';
import { planarBgr } from './tensors';

/** The recogniser reads lines 48 px tall (PP-OCRv4's training height; ocr-common resizes to it too). */
const LINE_HEIGHT = 48;

/** A line crop as OpenCV hands it over: RGBA pixels. */
export interface LineCrop {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

/** The text of one line crop and the recogniser's mean confidence over its characters. */
export async function recogniseLine(
  runtime: OcrRuntime,
  crop: LineCrop,
): Promise<{ text: string; confidence: number }> {
  const width = Math.max(LINE_HEIGHT / 4, Math.round((crop.width * LINE_HEIGHT) / crop.height));
  // The crop's pixels live in OpenCV's WebAssembly heap: sharp copies them before anything else runs.
  const { data, info } = await sharp(Buffer.from(crop.data.buffer, crop.data.byteOffset, crop.data.byteLength), {
    raw: { width: crop.width, height: crop.height, channels: 4 },
  })
    .resize(width, LINE_HEIGHT, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const input = new runtime.Tensor('float32', planarBgr(data, info.width, info.height, info.channels), [
    1,
    3,
    info.height,
    info.width,
  ]);
  const outputs = await runtime.recognition.run({ [runtime.recognition.inputNames[0] as string]: input });
  const output = outputs[runtime.recognition.outputNames[0] as string];
  if (!output) throw new Error('The recognition model gave no output');
  const [, steps = 0, classes = 0] = output.dims;
  return decodeCtc(output.data as Float32Array, steps, classes, runtime.dictionary);
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
