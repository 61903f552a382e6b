import { thumbHashToDataURL, thumbHashToRGBA } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { halve, previewDataUrl } from './preview-png';

/** The ThumbHash of a small made-up landscape picture. */
const HASH = Uint8Array.from(atob('4PcNDwJnd4eFfHgGmXc3eXZ3+PAMv+8L'), (c) => c.charCodeAt(0));

/** Width and height from a PNG data: URL's IHDR chunk. */
function pngSize(url: string): { w: number; h: number } {
  const bytes = Uint8Array.from(atob(url.replace(/^data:image\/png;base64,/, '')), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  return { w: view.getUint32(16), h: view.getUint32(20) };
}

describe('a preview drawn at half size', () => {
  it('averages each block of four pixels into one', () => {
    // 4×2: a red block, then a block of two white and two black pixels.
    const red = [255, 0, 0, 255];
    const white = [255, 255, 255, 255];
    const black = [0, 0, 0, 255];
    const rgba = [...red, ...red, ...white, ...black, ...red, ...red, ...black, ...white];
    const half = halve({ w: 4, h: 2, rgba });
    expect([half.w, half.h]).toEqual([2, 1]);
    expect([...half.rgba]).toEqual([255, 0, 0, 255, 128, 128, 128, 255]);
  });

  it('keeps the last column and row of an odd size, averaged over the pixels there are', () => {
    // 3×3 of values 0…8 in the red channel: the blocks are {0,1,3,4}, {2,5}, {6,7}, {8}.
    const rgba = Array.from({ length: 9 }, (_, i) => [i * 10, 0, 0, 255]).flat();
    const half = halve({ w: 3, h: 3, rgba });
    expect([half.w, half.h]).toEqual([2, 2]);
    expect([0, 1, 2, 3].map((pixel) => half.rgba[pixel * 4])).toEqual([20, 35, 65, 80]);
  });

  it('makes a PNG half the decoder’s size, about a quarter of its bytes', () => {
    const full = thumbHashToDataURL(HASH);
    const { w, h } = thumbHashToRGBA(HASH);
    const small = previewDataUrl(HASH);
    expect(pngSize(full)).toEqual({ w, h });
    expect(pngSize(small)).toEqual({ w: Math.ceil(w / 2), h: Math.ceil(h / 2) });
    expect(small.length).toBeLessThan(full.length / 3);
  });
});
