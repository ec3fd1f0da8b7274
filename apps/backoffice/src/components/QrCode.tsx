import { useEffect, useState } from 'react';

/** QR code rendered to a data URL; the qrcode library loads on first use (only the enrolment needs it). */
export function QrCode({ value, size = 200, label }: { value: string; size?: number; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qr) => qr.toDataURL(value, { width: size, margin: 2, errorCorrectionLevel: 'M' }))
      .then((data) => {
        if (!cancelled) setUrl(data);
      })
      .catch(() => {
        if (!cancelled) setUrl(null);
      });
    return () => {
      cancelled = true;
    };
  }, [value, size]);
  return url ? (
    <img className="qr" src={url} width={size} height={size} alt={label} />
  ) : (
    <span className="qr qr--pending" style={{ width: size, height: size }} role="img" aria-label={label} />
  );
}
