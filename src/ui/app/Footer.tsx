// The page's foot: the scenario's query (the link reproduces the run), the cell counts, and how
// to replay it on the command line.
import { useSyncExternalStore } from 'react';
import type { RunStore } from '../data/runStore';

export function Footer({ query, store }: { query: string; store: RunStore }) {
  return (
    <footer className="foot">
      <code data-testid="scenario-query">?{query}</code>
      <span>
        <Counts store={store} /> The link reproduces this run; <code>npm run sim -- --url '…'</code>{' '}
        replays it on the command line. Press <kbd>?</kbd> for keys.
      </span>
    </footer>
  );
}

function Counts({ store }: { store: RunStore }) {
  useSyncExternalStore(store.subscribeSlow, store.getVersion);
  return (
    <span>
      Cells delivered {store.delivered} · dropped {store.dropped}.
    </span>
  );
}
