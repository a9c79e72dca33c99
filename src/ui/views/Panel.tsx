import { useId, useState } from 'react';
import type { ReactNode } from 'react';

/** The panels whose data table is open, kept for the browser tab's session. */
const TABLES_KEY = 'tal:tables';

function tablesOpen(): string[] {
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(TABLES_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function keepTableOpen(key: string, open: boolean) {
  try {
    const rest = tablesOpen().filter((k) => k !== key);
    sessionStorage.setItem(TABLES_KEY, JSON.stringify(open ? [...rest, key] : rest));
  } catch {
    // No storage (private mode): the toggle still works, for this page only.
  }
}

/** A view's card: a title, a "?" that explains what the view shows, header tools and, with
 * `table`, a "Table" toggle that shows the view's data under it (remembered per view for the
 * session). */
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
  /** The view's data table: its key (the view's id) and the table, rendered while open. */
  table?: { key: string; render: () => ReactNode };
}) {
  const [open, setOpen] = useState(false);
  const tableKey = props.table?.key;
  const [tableOpen, setTableOpen] = useState(() =>
    tableKey ? tablesOpen().includes(tableKey) : false,
  );
  const id = useId();
  const toggleTable = () => {
    const next = !tableOpen;
    setTableOpen(next);
    if (tableKey) keepTableOpen(tableKey, next);
  };
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
        <div className="panel-tools">
          {props.tools}
          {props.table && (
            <button
              type="button"
              className="table-toggle"
              aria-expanded={tableOpen}
              aria-controls={`${id}-table`}
              aria-label={`Table of ${props.title}`}
              title="Show this view's numbers at the instant shown as a table"
              data-testid={`table-toggle-${tableKey}`}
              onClick={toggleTable}
            >
              Table
            </button>
          )}
        </div>
      </header>
      <p id={`${id}-help`} className="panel-help" hidden={!open}>
        {props.help}
      </p>
      {props.children}
      {props.table && (
        <div id={`${id}-table`} className="panel-table" hidden={!tableOpen}>
          {tableOpen && props.table.render()}
        </div>
      )}
    </section>
  );
}
