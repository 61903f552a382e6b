import { useMemo } from 'react';
import { encode } from 'uqr';

/** Light modules around the code, as the QR specification asks, so a camera finds its edges on any background. */
const QUIET_ZONE = 2;

/**
 * A QR code of `url`: uqr's module matrix drawn as one SVG path (dark modules on white, whatever the theme, as
 * scanners expect). Pages load it on their own (React.lazy or their own chunk), so only they carry the encoder.
 */
export function QrCode({
  url,
  label,
  className,
  testId,
}: {
  url: string;
  label: string;
  className: string;
  testId: string;
}) {
  const { size, path } = useMemo(() => {
    const qr = encode(url, { ecc: 'M', border: QUIET_ZONE });
    const modules = qr.data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : '')));
    return { size: qr.size, path: modules.join('') };
  }, [url]);
  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      data-testid={testId}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
