import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_GALLERY_FOLDER } from '../../../../shared/folders';
import type { WatermarkSettings } from '../../../../shared/schemas/proofing';
import {
  logoBox,
  logoPositions,
  logoShadow,
  textMarks,
  WATERMARK_FONT_FAMILIES,
  WATERMARK_OPACITY,
} from '../../../../shared/watermark-layout';
import { MediaImage } from '../../../components/Media/MediaImage';
import { adminApi, adminKeys } from '../shared/admin-api';
import './watermark-preview.css';

/** The neutral sample's shape when the main gallery has no photo yet: a landscape 3:2 frame. */
const SAMPLE = { width: 1500, height: 1000 };
/** Without a canvas to measure with, a bold sans letter is about this wide (em). */
const FALLBACK_EM_PER_CHARACTER = 0.62;

let measuringCanvas: HTMLCanvasElement | null = null;

/** The text's width at font size 1 in the watermark's bold fonts, as the server measures it (at least half an em). */
function emWidthOf(text: string): number {
  measuringCanvas ??= document.createElement('canvas');
  let context: CanvasRenderingContext2D | null = null;
  try {
    context = measuringCanvas.getContext('2d');
  } catch {
    context = null;
  }
  if (!context) return Math.max(0.5, [...text].length * FALLBACK_EM_PER_CHARACTER);
  context.font = `bold 100px ${WATERMARK_FONT_FAMILIES}`;
  return Math.max(0.5, context.measureText(text).width / 100);
}

/** The logo's own size once the browser has read it; null while it loads or when there is none. */
function useImageSize(url: string | null): { width: number; height: number } | null {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    setSize(null);
    if (!url) return;
    const image = new Image();
    image.onload = () => setSize({ width: image.naturalWidth, height: image.naturalHeight });
    image.src = url;
    return () => {
      image.onload = null;
    };
  }, [url]);
  return size;
}

function TextMarkLayer({ text, layout, width, height }: { text: string; layout: WatermarkSettings['layout'] } & Size) {
  const emWidth = useMemo(() => emWidthOf(text), [text]);
  const marks = textMarks(layout, emWidth, width, height);
  return (
    <g
      opacity={WATERMARK_OPACITY}
      transform={marks.angle === 0 ? undefined : `rotate(${marks.angle} ${width / 2} ${height / 2})`}
      data-testid="watermark-preview-marks"
      data-count={marks.positions.length}
    >
      {marks.positions.map(([x, y]) => (
        <text
          key={`${x.toFixed(1)},${y.toFixed(1)}`}
          x={x}
          y={y}
          textAnchor="middle"
          dominantBaseline="central"
          fontFamily={WATERMARK_FONT_FAMILIES}
          fontWeight="bold"
          fontSize={marks.fontSize}
          fill="#fff"
          stroke="#000"
          strokeWidth={marks.strokeWidth}
          strokeLinejoin="round"
          paintOrder="stroke"
          direction="ltr"
          unicodeBidi="plaintext"
        >
          {text}
        </text>
      ))}
    </g>
  );
}

interface Size {
  width: number;
  height: number;
}

function LogoMarkLayer({
  url,
  logo,
  layout,
  width,
  height,
}: { url: string; logo: Size; layout: WatermarkSettings['layout'] } & Size) {
  const shadowId = useId();
  const box = logoBox(layout, width, height);
  // Fitted inside the box keeping its shape, as the server resizes it, with the soft edge's room round it.
  const scale = Math.min(box.width / logo.width, box.height / logo.height);
  const [drawnWidth, drawnHeight] = [Math.round(logo.width * scale), Math.round(logo.height * scale)];
  const { blur, pad } = logoShadow(drawnWidth);
  const positions = logoPositions(layout, width, height, drawnWidth + 2 * pad, drawnHeight + 2 * pad);
  return (
    <g opacity={WATERMARK_OPACITY} data-testid="watermark-preview-marks" data-count={positions.length}>
      <filter id={shadowId}>
        <feDropShadow dx="0" dy="0" stdDeviation={blur} floodColor="#000" floodOpacity="0.8" />
      </filter>
      {positions.map(([x, y]) => (
        <image
          key={`${x.toFixed(1)},${y.toFixed(1)}`}
          href={url}
          x={x - drawnWidth / 2}
          y={y - drawnHeight / 2}
          width={drawnWidth}
          height={drawnHeight}
          filter={`url(#${shadowId})`}
        />
      ))}
    </g>
  );
}

/**
 * The watermark as the proofs will carry it, on a photo of the main gallery (or a neutral sample when it has none),
 * drawn in the browser by the server's own placing rule (shared/watermark-layout.ts) as the settings change, before
 * they are saved. The letters are the browser's fonts, so their shapes may differ slightly from the server's.
 */
export function WatermarkPreview({
  text,
  layout,
  logoUrl,
}: {
  text: string;
  layout: WatermarkSettings['layout'];
  /** The saved logo, which replaces the text on the proofs; null when there is none. */
  logoUrl: string | null;
}) {
  const { t } = useTranslation('admin');
  const gallery = useQuery({
    queryKey: adminKeys.folder(MAIN_GALLERY_FOLDER),
    queryFn: () => adminApi.folderMedia(MAIN_GALLERY_FOLDER),
  });
  const photo =
    gallery.data?.items.find((item) => item.kind === 'image' && item.status === 'ready' && item.view)?.view ?? null;
  const logo = useImageSize(logoUrl);
  const { width, height } = photo ?? SAMPLE;
  return (
    <figure className="watermark-preview" data-testid="watermark-preview" data-layout={layout}>
      <div className="watermark-preview__frame" style={{ aspectRatio: `${width} / ${height}` }}>
        {photo ? (
          <MediaImage
            media={photo}
            sizes="(max-width: 40rem) 100vw, 32rem"
            alt=""
            className="watermark-preview__photo"
          />
        ) : (
          <div className="watermark-preview__sample" data-testid="watermark-preview-sample" />
        )}
        <svg
          className="watermark-preview__mark"
          viewBox={`0 0 ${width} ${height}`}
          preserveAspectRatio="none"
          aria-hidden="true"
        >
          {logoUrl && logo ? (
            <LogoMarkLayer url={logoUrl} logo={logo} layout={layout} width={width} height={height} />
          ) : logoUrl ? null : (
            <TextMarkLayer text={text.trim()} layout={layout} width={width} height={height} />
          )}
        </svg>
      </div>
      <figcaption className="muted">
        {photo ? t('watermark.previewOnPhoto') : t('watermark.previewOnSample')}
      </figcaption>
    </figure>
  );
}
