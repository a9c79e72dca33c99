// The "QR" button: the code itself (uqr's encoding, QrCode.tsx) loads when it is first shown.
import { Suspense, lazy, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { ownsKey, shortcutAllowed } from '../keyTarget';

const QrDialog = lazy(() => import('./QrCode').then((m) => ({ default: m.QrDialog })));

/** A "QR" button that shows the QR code of `url()` (read when clicked: the current link). */
export function QrButton({
  url,
  title = 'QR code of this link',
  label = 'QR',
  className,
  hotkey,
}: {
  url: () => string | Promise<string>;
  title?: string;
  /** The button's words (its accessible name stays `title`). */
  label?: string;
  className?: string;
  /** A key (without modifiers) that shows the code too, anywhere on the page. */
  hotkey?: string;
}) {
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (!hotkey) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key.toLowerCase() !== hotkey.toLowerCase() || ownsKey(e.target, e.key)) return;
      if (!shortcutAllowed(e.key)) return;
      e.preventDefault();
      void Promise.resolve(url()).then(setShown);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hotkey, url]);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => void Promise.resolve(url()).then(setShown)}
        title={title}
        // Its words, when it has some, are its name (WCAG 2.5.3); the title then describes it.
        aria-label={label ? undefined : title}
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
