import { useContext, useId, useState } from 'react';
import { LinguiContext } from '@lingui/react';
import { say } from '../../i18n/say';
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
// A panel's own words (the catalogs: src/locales); a view's title is still English.
const M = {
  about: /*i18n*/ {
    id: 'panel.about',
    message: 'About {title}',
    comment:
      'Screen-reader name of a view’s ? button, which shows what the view draws. {title}: the view’s name.',
  },
  table: /*i18n*/ {
    id: 'panel.table',
    message: 'Table',
    comment: 'Button above a plot: shows the plot’s numbers as a table.',
  },
  tableOf: /*i18n*/ {
    id: 'panel.tableOf',
    message: 'Table of {title}',
    comment:
      'Screen-reader name of the Table button. Use the word of panel.table as it is. {title}: the view’s name.',
  },
  tableTip: /*i18n*/ {
    id: 'panel.tableTip',
    message: 'Show this view’s numbers at the instant shown as a table',
    comment: 'Tooltip of the Table button.',
  },
};

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
  // Renders again when the page's language changes.
  useContext(LinguiContext);
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
          aria-label={say(M.about, { title: props.title })}
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
              aria-label={say(M.tableOf, { title: props.title })}
              title={say(M.tableTip)}
              data-testid={`table-toggle-${tableKey}`}
              onClick={toggleTable}
            >
              {say(M.table)}
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
