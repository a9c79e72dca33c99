import { useEffect, useState } from 'react';
import { citation, papersCited } from '../../sim';

interface HelpTipProps {
  /** Id of the help text; controls that it describes point their aria-describedby at it. */
  id: string;
  /** The parameter's label, for the button's accessible name. */
  label: string;
  text: string;
  /** More text whose paper tags ("S1 §4") are resolved too (e.g. the chosen option's help). */
  cites?: string;
}

/**
 * A small "?" button whose help text shows (with the papers it cites by tag named in full) on hover and on keyboard focus (and toggles on
 * click, for touch); Escape hides it. The text stays in the DOM while hidden so that
 * aria-describedby keeps describing the button and the control.
 */
export function HelpTip({ id, label, text, cites = '' }: HelpTipProps) {
  const papers = papersCited(`${text} ${cites}`);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <span className="sc-tip" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="sc-tip-btn"
        aria-label={`About ${label}`}
        aria-describedby={id}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen((o) => !o)}
      >
        ?
      </button>
      <span role="tooltip" id={id} className="sc-tip-text" hidden={!open}>
        {text}
        {papers.length > 0 && (
          <span className="sc-tip-refs">
            {papers.map((t) => (
              <span key={t}>{` ${citation(t)}.`}</span>
            ))}
          </span>
        )}
      </span>
    </span>
  );
}
