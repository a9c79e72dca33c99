// Keyboard shortcuts of the simulation page, and the list `?` opens. Keys never act while the
// focus is in a control that uses them itself (a text field, a button, a radio group, a slider).
import { useEffect, useId, useRef, useState } from 'react';
import { charKeysOn, ownsKey, setCharKeys, shortcutAllowed } from '../keyTarget';

export interface KeyAction {
  keys: string[];
  /** Shown in the key list. */
  label: string;
  run(): void;
}

/** The key list as it shows; actions the page has now come from `useKeys`' caller. */
export const KEY_HELP: { keys: string; label: string }[] = [
  { keys: 'Space', label: 'Play or pause (in Compare: both runs)' },
  {
    keys: '→',
    label: 'One step forward (the step size of the playback bar); in a lesson: next step',
  },
  { keys: '←', label: 'In a lesson: previous step' },
  { keys: 'Home', label: 'Restart the run from t = 0 (in Compare: both runs)' },
  {
    keys: '← → ↑ ↓',
    label:
      'In the cell-loss plot (Tab to it): the previous or next drop; in the time-sequence plot: the previous or next retransmission, timeout or fast retransmit. Said in words under the plot',
  },
  { keys: 'Home, End', label: 'In those plots: the first or last one shown' },
  {
    keys: 'Enter',
    label: 'In those plots: why the chosen drop was dropped (for an event: the drop before it)',
  },
  {
    keys: '+, −, 0',
    label:
      'In those plots: zoom every time plot in (around the chosen mark, if in sight) or out; 0: no zoom',
  },
  { keys: 'J', label: 'On the projector in a class: show the join QR code large' },
  { keys: '?', label: 'Show or hide this list' },
  { keys: 'Esc', label: 'Close this list, the inspector or a dialog' },
];

/** Listens on the window for `actions`' keys (the latest actions, without re-subscribing). */
export function useKeys(actions: KeyAction[], enabled = true): void {
  const ref = useRef(actions);
  useEffect(() => {
    ref.current = actions;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (ownsKey(e.target, e.key) || !shortcutAllowed(e.key)) return;
      const a = ref.current.find((x) => x.keys.includes(e.key));
      if (!a) return;
      e.preventDefault();
      a.run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

export function KeyHelp({ onClose }: { onClose(): void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div
      className="key-help"
      role="dialog"
      aria-modal="false"
      aria-label="Keyboard shortcuts"
      data-testid="key-help"
      tabIndex={-1}
      ref={ref}
    >
      <header className="panel-head">
        <h2>Keyboard shortcuts</h2>
        <button type="button" onClick={onClose} aria-label="Close the list of keys">
          ✕
        </button>
      </header>
      <table>
        <tbody>
          {KEY_HELP.map((k) => (
            <tr key={k.keys}>
              <th scope="row">
                <kbd>{k.keys}</kbd>
              </th>
              <td>{k.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <CharKeysChoice />
    </div>
  );
}

/** Turns the single-character keys (? and J) on or off for this browser (WCAG 2.1.4). */
function CharKeysChoice() {
  const [on, setOn] = useState(charKeysOn);
  const id = useId();
  return (
    <p className="key-help-choice">
      <input
        id={id}
        type="checkbox"
        checked={on}
        data-testid="char-keys"
        onChange={(e) => {
          setCharKeys(e.target.checked);
          setOn(e.target.checked);
        }}
      />
      <label htmlFor={id}>
        The one-character keys <kbd>?</kbd> and <kbd>J</kbd> work (turn them off if speech input or
        a slip of the hand sets them off; the ? button at the top still opens this list)
      </label>
    </p>
  );
}
