// The "QR" button: the code itself (uqr's encoding, QrCode.tsx) loads when it is first shown.
import { Suspense, lazy, useState } from 'react';
import { createPortal } from 'react-dom';

const QrDialog = lazy(() => import('./QrCode').then((m) => ({ default: m.QrDialog })));

/** A "QR" button that shows the QR code of `url()` (read when clicked: the current link). */
export function QrButton({
  url,
  title = 'QR code of this link',
  label = 'QR',
  className,
}: {
  url: () => string | Promise<string>;
  title?: string;
  /** The button's words (its accessible name stays `title`). */
  label?: string;
  className?: string;
}) {
  const [shown, setShown] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => void Promise.resolve(url()).then(setShown)}
        title={title}
        aria-label={title}
        data-testid="qr-button"
      >
        {label}
      </button>
      {/* Over the whole page (not inside the sticky column that holds the button, whose
          stacking would let the views and the sticky bar paint over the code). */}
      {shown !== null &&
        createPortal(
          <Suspense fallback={null}>
            <QrDialog url={shown} title={title} onClose={() => setShown(null)} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
