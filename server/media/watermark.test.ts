import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RawLevel } from './image-pipeline';
import { applyWatermark, LOGO_LIMITS, logoProblem, renderWatermark, svgText, type Watermark } from './watermark';

const TILED: Watermark = { text: 'Horses & Dance', layout: 'tiled', logo: null };
const CENTERED: Watermark = { ...TILED, layout: 'centered' };

async function plain(width: number, height: number, channels: 3 | 4, background = '#808080'): Promise<RawLevel> {
  const data = await sharp({ create: { width, height, channels, background } }).raw().toBuffer();
  return { data, width, height, channels };
}

/** The largest alpha value of the overlay inside a box (fractions of its size). */
function alphaIn(overlay: RawLevel, box: { x0: number; y0: number; x1: number; y1: number }): number {
  let max = 0;
  for (let y = Math.floor(box.y0 * overlay.height); y < Math.floor(box.y1 * overlay.height); y++) {
    for (let x = Math.floor(box.x0 * overlay.width); x < Math.floor(box.x1 * overlay.width); x++) {
      max = Math.max(max, overlay.data[(y * overlay.width + x) * 4 + 3] ?? 0);
    }
  }
  return max;
}

const CORNERS = [
  { x0: 0, y0: 0, x1: 0.25, y1: 0.25 },
  { x0: 0.75, y0: 0, x1: 1, y1: 0.25 },
  { x0: 0, y0: 0.75, x1: 0.25, y1: 1 },
  { x0: 0.75, y0: 0.75, x1: 1, y1: 1 },
];
const CENTRE = { x0: 0.4, y0: 0.4, x1: 0.6, y1: 0.6 };

async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 1 } } })
    .png()
    .toBuffer();
}

describe('watermark', () => {
  it('escapes the text for SVG and drops the characters XML forbids', () => {
    expect(svgText(`</text><image href="file:///etc/passwd"/> & 'x'`)).toBe(
      '&lt;/text&gt;&lt;image href=&quot;file:///etc/passwd&quot;/&gt; &amp; &#39;x&#39;',
    );
    expect(svgText('a\u0000b\u0007c\uFFFE\uD800d')).toBe('abcd');
    expect(svgText('סוסים ورقص')).toBe('סוסים ورقص');
  });

  it('draws a hostile name as text: the overlay renders and covers the picture semi-transparently', async () => {
    const overlay = await renderWatermark(
      { ...CENTERED, text: '</text></svg><svg onload="x"><!ENTITY a "b">&a;' },
      800,
      500,
    );
    expect(overlay).toMatchObject({ width: 800, height: 500, channels: 4 });
    const centre = alphaIn(overlay, CENTRE);
    expect(centre).toBeGreaterThan(60);
    // Semi-transparent: the photo stays visible under the mark.
    expect(centre).toBeLessThan(140);
  });

  it('tiles the mark over the whole picture, or puts one in the centre', async () => {
    const tiled = await renderWatermark(TILED, 1200, 800);
    for (const corner of CORNERS) expect(alphaIn(tiled, corner)).toBeGreaterThan(60);
    const centred = await renderWatermark(CENTERED, 1200, 800);
    expect(alphaIn(centred, CENTRE)).toBeGreaterThan(60);
    for (const corner of CORNERS) expect(alphaIn(centred, corner)).toBe(0);
  });

  it.each([
    ['Hebrew', 'צילום סוסים ומחול'],
    ['Arabic', 'تصوير الخيول والرقص'],
    ['mixed', 'Studio דנה 2025'],
  ])('renders a %s name', async (_script, text) => {
    const overlay = await renderWatermark({ ...CENTERED, text }, 900, 600);
    expect(alphaIn(overlay, CENTRE)).toBeGreaterThan(60);
  });

  it('keeps the size and channels of the picture it marks, and changes its pixels', async () => {
    for (const channels of [3, 4] as const) {
      const picture = await plain(640, 400, channels);
      const marked = await applyWatermark(picture, TILED);
      expect(marked).toMatchObject({ width: 640, height: 400, channels });
      expect(marked.data.length).toBe(picture.data.length);
      expect(marked.data.equals(picture.data)).toBe(false);
    }
  });

  it('lays a logo over the picture instead of the text, tiled or centred', async () => {
    const logo = await pngOf(300, 120);
    const tiled = await renderWatermark({ ...TILED, logo }, 1200, 800);
    for (const corner of CORNERS) expect(alphaIn(tiled, corner)).toBeGreaterThan(40);
    const centred = await renderWatermark({ ...CENTERED, logo }, 1200, 800);
    expect(alphaIn(centred, CENTRE)).toBeGreaterThan(60);
    for (const corner of CORNERS) expect(alphaIn(centred, corner)).toBe(0);
  });

  it('accepts a PNG logo within the limits and refuses anything else', async () => {
    const png = await pngOf(400, 200);
    expect(await logoProblem(png)).toBeNull();
    const jpeg = await sharp(png).jpeg().toBuffer();
    expect(await logoProblem(jpeg)).toMatch(/PNG/);
    expect(await logoProblem(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toMatch(/PNG/);
    expect(await logoProblem(png.subarray(0, png.length - 40))).toMatch(/damaged/);
    expect(await logoProblem(await pngOf(LOGO_LIMITS.side + 1, 10))).toMatch(/4000/);
    expect(await logoProblem(Buffer.concat([png, Buffer.alloc(LOGO_LIMITS.bytes)]))).toMatch(/2 MB/);
  });
});
