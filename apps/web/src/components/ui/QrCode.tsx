import { useEffect, useState } from 'react';

export interface QrCodeProps {
  value: string;
  /** Pixel size (spec: 100 for downloads, 200 by default). */
  size?: number;
  margin?: number;
  label: string;
}

/** QR code rendered to a data URL; the qrcode library loads on first use, outside the home chunk. */
export function QrCode({ value, size = 200, margin = 2, label }: QrCodeProps) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qr) => qr.toDataURL(value, { width: size, margin, errorCorrectionLevel: 'M' }))
      .then((data) => {
        if (!cancelled) setUrl(data);
      })
      .catch(() => {
        if (!cancelled) setUrl(null);
      });
    return () => {
      cancelled = true;
    };
  }, [value, size, margin]);
  return url ? (
    <img className="qr" src={url} width={size} height={size} alt={label} />
  ) : (
    <span className="qr qr--pending" style={{ width: size, height: size }} role="img" aria-label={label} />
  );
}
