import { sharp } from '../sharp';
import type { LineCrop } from './recognise';
import type { OcrRuntime } from './runtime';
import { planarBgr } from './tensors';

/** The detector needs sides that are multiples of 32 (its feature maps halve five times). */
const SIDE_MULTIPLE = 32;

/**
 * The largest side detection works at. Frames come as their 1600 px rendition (the 24 MP original took 13–17 s); a
 * larger input is scaled down rather than read slowly.
 */
const MAX_SIDE = 1600;

/**
 * A pixel of the detector's map counts as text above this probability. ocr-common uses 0.03, which joins a pad's
 * digits to nearby print into one long box; PaddleOCR's own default, 0.3, keeps a number's box to the number.
 */
const TEXT_PROBABILITY = 0.3;

/** A text box found in the picture: its corners in the picture's pixels and its crop, straightened. */
export interface FoundLine {
  box: Array<[number, number]>;
  crop: LineCrop;
}

/** The picture's text boxes. `width` and `height`: the picture's own size, which the boxes are in. */
export async function findLines(
  runtime: OcrRuntime,
  picture: Buffer,
): Promise<{ lines: FoundLine[]; width: number; height: number }> {
  const { width = 0, height = 0, orientation = 1 } = await sharp(picture).metadata();
  // Turned upright as the gallery shows it: orientations 5–8 swap the sides.
  const [pictureWidth, pictureHeight] = orientation >= 5 ? [height, width] : [width, height];
  const scale = Math.min(1, MAX_SIDE / Math.max(pictureWidth, pictureHeight));
  const inputWidth = multipleOfSide(pictureWidth * scale);
  const inputHeight = multipleOfSide(pictureHeight * scale);
  // RGBA: OpenCV takes the crops from it as it takes image data in a browser.
  const pixels = await sharp(picture)
    .rotate()
    .resize(inputWidth, inputHeight, { fit: 'fill' }).ensureAlpha().raw().toBuffer();

  const input = new runtime.Tensor('float32', planarBgr(pixels, inputWidth, inputHeight, 4), [
    1,
    3,
    inputHeight,
    inputWidth,
  ]);
  const outputs = await runtime.detection.run({ [runtime.detection.inputNames[0] as string]: input });
  const map = outputs[runtime.detection.outputNames[0] as string];
  if (!map) throw new Error('The detection model gave no output');
  const mask = textMask(map.data as Float32Array, inputWidth * inputHeight);

  const source = { data: pixels, width: inputWidth, height: inputHeight };
  const found = await runtime.splitIntoLineImages(
    new ImageData(mask, inputWidth, inputHeight) as never,
    source as never,
  );
  const scaleX = pictureWidth / inputWidth;
  const scaleY = pictureHeight / inputHeight;
  const lines = found.map(({ box, image }) => ({
    box: box.map(([x = 0, y = 0]) => [Math.round(x * scaleX), Math.round(y * scaleY)] as [number, number]),
    crop: image as LineCrop,
  }));
  return { lines, width: pictureWidth, height: pictureHeight };
}

function multipleOfSide(side: number): number {
  return Math.max(SIDE_MULTIPLE, Math.ceil(side / SIDE_MULTIPLE) * SIDE_MULTIPLE);
}

/** The detector's probability map as the black-and-white RGBA picture splitIntoLineImages finds contours in. */
function textMask(probabilities: Float32Array, pixels: number): Uint8ClampedArray {
  const mask = new Uint8ClampedArray(pixels * 4);
  for (let pixel = 0, at = 0; pixel < pixels; pixel++, at += 4) {
    const value = (probabilities[pixel] as number) > TEXT_PROBABILITY ? 255 : 0;
    mask[at] = value;
    mask[at + 1] = value;
    mask[at + 2] = value;
    mask[at + 3] = 255;
  }
  return mask;
}

/** The shape OpenCV's matFromImageData reads (Node has no ImageData class). */
class ImageData {
  constructor(
    readonly data: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}
}
