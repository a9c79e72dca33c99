// The header's class buttons, on every page (the rest of the class's parts load once the page is
// in a class: ClassLayer.tsx).
import { QrButton } from '../share/QrButton';
import { shareLinkChecked } from '../share/links';
import type { ClassDriver } from './useClass';

/** The header's class buttons: "Class" (the projector's panel) and the link's QR code. */
export function ClassTools({ cls }: { cls: ClassDriver }) {
  return (
    <>
      <QrButton
        url={() => shareLinkChecked(window.location.search).then((l) => l.url)}
        title="QR code of this link"
      />
      {cls.role !== 'student' && (
        <button
          type="button"
          aria-pressed={cls.role === 'host'}
          data-testid="open-class"
          title="A live class: students answer the lesson's predictions on their phones"
          onClick={cls.role === 'host' ? cls.leave : cls.open}
        >
          Class
        </button>
      )}
    </>
  );
}
