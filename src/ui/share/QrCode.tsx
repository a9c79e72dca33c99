/**
 * A QR code of a link, drawn as one SVG path from `uqr`'s encoding (no canvas, no image
 * request: it works offline and scales to any size on a projector).
 */
import { useMemo } from 'react';
import { encode } from 'uqr';
import { isLoopbackHost } from './links';
import './share.css';

export function QrCode({ text, size, label }: { text: string; size: number; label?: string }) {
  const { d, n } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 2 });
    let path = '';
    qr.data.forEach((row, y) =>
      row.forEach((on, x) => {
        if (on) path += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { d: path, n: qr.size };
  }, [text]);
  return (
    <svg
      className="qr"
      viewBox={`0 0 ${n} ${n}`}
      width={size}
      height={size}
      role="img"
      aria-label={label ?? `QR code of ${text}`}
      shapeRendering="crispEdges"
      data-testid="qr"
      data-text={text}
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}

function loopback(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** A QR code of the link, one click away: a large code to scan from the back of a room. */
export function QrDialog({ url, title, onClose }: { url: string; title: string; onClose(): void }) {
  const size = Math.max(160, Math.min(window.innerWidth - 64, window.innerHeight - 220, 520));
  return (
    <div
      className="share-backdrop"
      onClick={(e) => e.target === e.currentTarget && onClose()}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <div
        className="share-dialog qr-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        data-testid="qr-dialog"
      >
        <h2>{title}</h2>
        <QrCode text={url} size={size} />
        <p className="qr-url">
          <code>{url}</code>
        </p>
        {loopback(url) && (
          <p className="share-warn" data-testid="loopback-warning">
            This address names this computer only: a phone cannot open it. Start the class server
            with <code>npm run classroom</code> and open the app from the address it prints.
          </p>
        )}
        <button type="button" className="primary" autoFocus onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
