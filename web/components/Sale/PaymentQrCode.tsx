import { QrCode } from '../QrCode';

/**
 * A QR code of `url`, for paying on a phone from a page read on another device. Loaded on its own (React.lazy), so
 * only a page that shows a payment link carries the encoder.
 */
export default function PaymentQrCode({ url, label }: { url: string; label: string }) {
  return <QrCode url={url} label={label} className="payment-qr" testId="payment-qr" />;
}
