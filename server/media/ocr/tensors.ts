/**
 * The models' input: 3 planes, blue then green then red, each pixel's value / 255, as @gutenye/ocr-common's
 * imageToInput makes it (without its mean and std, which it leaves out for accuracy). ocr-common builds that in plain
 * JavaScript arrays (5 M numbers for a 1600 px frame: ~2 s and up to 1 GB of RSS a read); a Float32Array filled in
 * one pass costs 20 MB and a few milliseconds.
 */
export function planarBgr(pixels: Uint8Array, width: number, height: number, channels: number): Float32Array {
  const plane = width * height;
  const input = new Float32Array(plane * 3);
  for (let pixel = 0, at = 0; pixel < plane; pixel++, at += channels) {
    input[pixel] = (pixels[at + 2] as number) / 255;
    input[plane + pixel] = (pixels[at + 1] as number) / 255;
    input[2 * plane + pixel] = (pixels[at] as number) / 255;
  }
  return input;
}
