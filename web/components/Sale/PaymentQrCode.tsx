import { useMemo } from 'react';
import { encode } from 'uqr';

/** Light modules around the code, as the QR specification asks, so a camera finds its edges on any background. */
const QUIET_ZONE = 2;

/**
 * A QR code of `url`, for paying on a phone from a page read on another device: uqr's module matrix drawn as one SVG
 * path (dark modules on white, whatever the theme, as scanners expect). Loaded on its own (React.lazy), so only a
 * page that shows a payment link carries the encoder.
 */
export default function PaymentQrCode({ url, label }: { url: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(url, { ecc: 'M', border: QUIET_ZONE });
    const modules = qr.data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : '')));
    return { size: qr.size, path: modules.join('') };
  }, [url]);
  return (
    <svg
      className="payment-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      data-testid="payment-qr"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
