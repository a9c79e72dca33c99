import { useId, useState } from 'react';
import type { ReactNode } from 'react';

/** A view's card: a title, a "?" that explains what the view shows, and header tools. */
export function Panel(props: {
  title: string;
  help: string;
  tools?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
  /** Guided stories point at views by this name; `focused` outlines the panel. */
  storyView?: string;
  focused?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <section
      className={`panel ${props.className ?? ''} ${props.focused ? 'story-focus' : ''}`}
      aria-labelledby={`${id}-title`}
      data-testid={props.testId}
      data-story-view={props.storyView}
    >
      <header className="panel-head">
        <h2 id={`${id}-title`}>{props.title}</h2>
        <button
          type="button"
          className="help-btn"
          aria-expanded={open}
          aria-controls={`${id}-help`}
          aria-label={`About ${props.title}`}
          onClick={() => setOpen((o) => !o)}
        >
          ?
        </button>
        <div className="panel-tools">{props.tools}</div>
      </header>
      <p id={`${id}-help`} className="panel-help" hidden={!open}>
        {props.help}
      </p>
      {props.children}
    </section>
  );
}
