import { sharp } from '../sharp';
import { cornersOf, findTextBoxes } from './boxes';
import type { SourcePixels } from './recognise';
import type { OcrRuntime } from './runtime';
import { planarBgr } from './tensors';

/** The detector needs sides that are multiples of 32 (its feature maps halve five times). */
const SIDE_MULTIPLE = 32;

/**
 * The largest side the line crops are taken at. Frames come as their 1600 px rendition (the 24 MP original took
 * 13–17 s); a larger input is scaled down rather than read slowly.
 */
const CROP_MAX_SIDE = 1600;

/**
 * The largest side the detector looks at, PaddleOCR's own default (det_limit_side_len). The detector's activations
 * grow with the pixels: at 1600×1088 one run held ~180 MB above the process's resting size, at 960 ~65 MB, and a pad's
 * number is still tens of pixels tall. The boxes it finds are scaled back and cropped from the 1600 px picture, so the
 * recogniser still reads full-size digits.
 */
const DETECTION_MAX_SIDE = 960;

/** A text box found in the picture: its corners in the picture's pixels, and in the source's to read it from. */
export interface FoundLine {
  box: Array<[number, number]>;
  sourceCorners: Array<[number, number]>;
}

/**
 * The picture's text boxes, and the picture (at most 1600 px) they are read from. `width` and `height`: the
 * picture's own size, which the boxes are in.
 */
export async function findLines(
  runtime: OcrRuntime,
  picture: Buffer,
): Promise<{ lines: FoundLine[]; source: SourcePixels; width: number; height: number }> {
  const { width = 0, height = 0, orientation = 1 } = await sharp(picture).metadata();
  // Turned upright as the gallery shows it: orientations 5–8 swap the sides.
  const [pictureWidth, pictureHeight] = orientation >= 5 ? [height, width] : [width, height];
  const cropScale = Math.min(1, CROP_MAX_SIDE / Math.max(pictureWidth, pictureHeight));
  const cropWidth = Math.round(pictureWidth * cropScale);
  const cropHeight = Math.round(pictureHeight * cropScale);
  const pixels = await sharp(picture)
    .rotate()
    .resize(cropWidth, cropHeight, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();

  const detectionScale = Math.min(1, DETECTION_MAX_SIDE / Math.max(cropWidth, cropHeight));
  const inputWidth = multipleOfSide(cropWidth * detectionScale);
  const inputHeight = multipleOfSide(cropHeight * detectionScale);
  const small = await sharp(pixels, { raw: { width: cropWidth, height: cropHeight, channels: 3 } })
    .resize(inputWidth, inputHeight, { fit: 'fill' })
    .raw()
    .toBuffer();
  const input = new runtime.Tensor('float32', planarBgr(small, inputWidth, inputHeight, 3), [
    1,
    3,
    inputHeight,
    inputWidth,
  ]);
  const outputs = await runtime.detection.run({ [runtime.detection.inputNames[0] as string]: input });
  const map = outputs[runtime.detection.outputNames[0] as string];
  if (!map) throw new Error('The detection model gave no output');
  const boxes = findTextBoxes(map.data as Float32Array, inputWidth, inputHeight);

  const toSourceX = cropWidth / inputWidth;
  const toSourceY = cropHeight / inputHeight;
  const lines = boxes.map((box) => ({
    box: cornersOf(box, toSourceX / cropScale, toSourceY / cropScale),
    sourceCorners: cornersOf(box, toSourceX, toSourceY),
  }));
  return {
    lines,
    source: { data: pixels, width: cropWidth, height: cropHeight, channels: 3 },
    width: pictureWidth,
    height: pictureHeight,
  };
}

function multipleOfSide(side: number): number {
  return Math.max(SIDE_MULTIPLE, Math.ceil(side / SIDE_MULTIPLE) * SIDE_MULTIPLE);
}
