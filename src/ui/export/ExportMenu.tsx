import {
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { LinguiContext } from '@lingui/react';
import { say } from '../../i18n/say';
import type { KeyboardEvent } from 'react';
import type { RunStore } from '../data/runStore';
import type { ExportFile, ExportFormat, ExportView } from './build';
import { VIEWS, exportsOf } from '../views/registry';
import './export.css';

export type { ExportFile, ExportView } from './build';

export interface ExportMenuProps {
  store: RunStore;
  view: ExportView;
  /** The view's root element (the one with data-testid="view-…"); when it returns null the
   * menu looks the root up by that test id. */
  getRoot: () => HTMLElement | null;
  /** Connection shown in the time-sequence plot (-1 or undefined: all). */
  selectedConn?: number;
  /** Receives each exported file instead of downloading it (tests, other sinks). */
  onExport?: (file: ExportFile) => void;
  /** Device pixels per CSS pixel of PNG exports (default 2). */
  pngScale?: number;
}

interface Item {
  format: ExportFormat;
  label: string;
}

/** The export code, loaded when the menu first opens (the button is all the first screen needs). */
let made: typeof import('./make') | null = null;
const loadMake = async () => (made ??= await import('./make'));

function itemsFor(view: ExportView): Item[] {
  const items: Item[] = [
    { format: 'csv', label: 'CSV (data)' },
    { format: 'json', label: 'JSON (data)' },
  ];
  const ex = exportsOf(view);
  if (ex.image) {
    items.push({ format: 'png', label: 'PNG image' }, { format: 'svg', label: 'SVG image' });
  }
  if (ex.xplot) items.push({ format: 'xplot', label: 'xplot (tcptrace)' });
  return items;
}

/**
 * "Export ▾": a menu button (WAI-ARIA menu button pattern) that saves a view's data as CSV or
 * JSON, its image as PNG or SVG, and the time-sequence plot as an xplot file. Every export
 * carries the scenario URL that reproduces the run. Keyboard: Enter, Space or ↓ opens on the
 * first item (↑ on the last), ↑/↓/Home/End move, Enter/Space choose, Escape closes.
 */
// The button's own words (the catalogs: src/locales); the menu's items are still English.
const M = {
  export: /*i18n*/ {
    id: 'export.button',
    message: 'Export',
    comment: 'Menu button above a plot: saves its data (CSV, JSON) or its picture (PNG, SVG).',
  },
  exportOf: /*i18n*/ {
    id: 'export.buttonOf',
    message: 'Export {title}',
    comment:
      'Screen-reader name of the Export button. Use the word of export.button as it is. {title}: the view’s name.',
  },
  tip: /*i18n*/ {
    id: 'export.tip',
    message: 'Save this view’s data or image; every file carries the link that reproduces the run',
    comment: 'Tooltip of the Export button.',
  },
};

export function ExportMenu({
  store,
  view,
  getRoot,
  selectedConn,
  onExport,
  pngScale = 2,
}: ExportMenuProps) {
  // Re-render only when the run changes (not per batch).
  useSyncExternalStore(store.subscribeStatus, store.getStatus);
  const ready = store.info !== null;
  const [open, setOpen] = useState(false);
  // Renders again when the page's language changes.
  useContext(LinguiContext);
  const [focusIndex, setFocusIndex] = useState(0);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const items = itemsFor(view);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  // Focus follows the active item while the menu is open.
  useEffect(() => {
    if (!open) return;
    const el = menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[focusIndex];
    el?.focus();
  }, [open, focusIndex]);

  // A press outside closes the menu.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, close]);

  const openAt = (i: number) => {
    // The export code loads while the person picks a format.
    void loadMake();
    setFocusIndex((i + items.length) % items.length);
    setOpen(true);
  };

  const rootOf = (): HTMLElement => {
    const el =
      getRoot() ?? document.querySelector<HTMLElement>(`[data-testid="view-${view}"]`) ?? null;
    if (!el) throw new Error('the view is not on the page');
    return el;
  };

  const build = async (format: ExportFormat): Promise<ExportFile> =>
    (made ?? (await loadMake())).makeExport(store, view, format, {
      selectedConn,
      pngScale,
      root: rootOf,
    });
  // Called after build (the export code is loaded by then).
  const download = (name: string, data: Blob | string, mime: string) =>
    void (made ? Promise.resolve(made) : loadMake()).then((m) => m.download(name, data, mime));

  const choose = async (format: ExportFormat) => {
    close(true);
    setBusy(true);
    setError(null);
    try {
      const file = await build(format);
      if (onExport) onExport(file);
      else download(file.name, file.data, file.mime);
      setStatus(`Saved ${file.name}`);
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      setError(`Export failed: ${msg}`);
      setStatus(`Export failed: ${msg}`);
    } finally {
      setBusy(false);
    }
  };

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (busy) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      openAt(0);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(items.length - 1);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      close(true);
    }
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const n = items.length;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setFocusIndex((i) => (i + 1) % n);
        break;
      case 'ArrowUp':
        e.preventDefault();
        setFocusIndex((i) => (i - 1 + n) % n);
        break;
      case 'Home':
        e.preventDefault();
        setFocusIndex(0);
        break;
      case 'End':
        e.preventDefault();
        setFocusIndex(n - 1);
        break;
      case 'Escape':
        e.preventDefault();
        e.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  const menuId = `${id}-menu`;
  const buttonId = `${id}-button`;
  return (
    <div className="export-menu" ref={wrap} data-testid={`export-${view}`}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className="export-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={say(M.exportOf, { title: VIEWS[view].title })}
        aria-busy={busy || undefined}
        aria-disabled={busy || undefined}
        disabled={!ready}
        title={say(M.tip)}
        onClick={() => {
          // While a file is being built the button keeps focus (a disabled button would drop it
          // to the page) and does nothing.
          if (busy) return;
          if (open) close(false);
          else openAt(0);
        }}
        onKeyDown={onButtonKey}
      >
        {say(M.export)} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className="export-list"
          onKeyDown={onMenuKey}
          onBlur={(e) => {
            if (!wrap.current?.contains(e.relatedTarget as Node | null) && e.relatedTarget)
              close(false);
          }}
        >
          {items.map((it, i) => (
            <button
              key={it.format}
              type="button"
              role="menuitem"
              tabIndex={i === focusIndex ? 0 : -1}
              className="export-item"
              data-format={it.format}
              onClick={() => void choose(it.format)}
              onMouseEnter={() => setFocusIndex(i)}
            >
              {it.label}
            </button>
          ))}
        </div>
      )}
      <span className="export-sr" role="status">
        {status}
      </span>
      {error && (
        <span className="export-error" data-testid={`export-${view}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
