import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { METRICS } from '../sim';
import { usePhone } from './data/phone';
import type { RunStore } from './data/runStore';
import { HIDDEN_VALUE, HIDDEN_WHY, METRIC_INFO, metricShown } from './metricInfo';
import { seriesColor } from './views/palette';
import type { ViewState } from './views/viewState';

/** How many grid columns the tile row has (its auto-fill tracks, whatever the tiles). */
function columnsOf(el: HTMLElement): number {
  const tracks = getComputedStyle(el).gridTemplateColumns.trim();
  return tracks && tracks !== 'none' ? tracks.split(/\s+/).length : Infinity;
}

/** How many tiles a phone shows before "+N more": the plots come first on its first screen. */
export const PHONE_TILES = 4;
/** What a scenario's tiles show first where they are few, after the metrics its preset is
 * about: the headline figures of the papers. */
const HEADLINE = ['efficiency', 'fairness', 'goodputMbps', 'deadlockSecondsMean', 'clr'];

/** The tiles in the order they are shown on a phone: the `about` metrics, then the headline
 * ones, then the rest, and how many of them come before "+N more". */
export function phoneOrder<T extends { key: string }>(
  shown: T[],
  about: readonly string[],
): { tiles: T[]; first: number } {
  const rank = (k: string) => {
    const a = about.indexOf(k);
    if (a >= 0) return a;
    const h = HEADLINE.indexOf(k);
    return h >= 0 ? about.length + h : Infinity;
  };
  const tiles = shown
    .map((d, i) => ({ d, i }))
    .sort((x, y) => rank(x.d.key) - rank(y.d.key) || x.i - y.i)
    .map((x) => x.d);
  return { tiles, first: Math.min(PHONE_TILES, tiles.length) };
}

/** View 7: live metrics, each with its definition as a tooltip. Beside the plots (wider than a
 * phone) the tiles keep to one row and a tile is whole or not shown: the row holds as many as
 * fit, and its last cell opens the rest (the row then wraps). A phone shows the few the preset
 * is about (`about`, at most PHONE_TILES) and folds the rest behind "+N more". */
export function MetricsPanel({
  store,
  view,
  about = [],
  describedBy,
}: {
  store: RunStore;
  /** Its hiddenMetrics: the tiles whose value an open question hides. */
  view: ViewState;
  about?: readonly string[];
  /** The id of the metrics' description in words (ViewDescription). */
  describedBy?: string;
}) {
  useSyncExternalStore(store.subscribeSlow, store.getVersion);
  const { hiddenMetrics } = useSyncExternalStore(view.subscribe, view.get);
  const phone = usePhone();
  const m = store.metrics;
  const relevantTiles = METRIC_INFO.filter((d) => metricShown(d.key, store.info?.scenario));
  const row = useRef<HTMLDivElement>(null);
  const [cols, setCols] = useState(Infinity);
  const [all, setAll] = useState(false);
  useLayoutEffect(() => {
    const el = row.current;
    if (!el) return;
    const measure = () => setCols(columnsOf(el));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  // Tiles past the row's last whole cell (one cell left for the button that opens them).
  const { tiles: shown, first } = phone
    ? phoneOrder(relevantTiles, about)
    : {
        tiles: relevantTiles,
        first: relevantTiles.length > cols ? Math.max(1, cols - 1) : relevantTiles.length,
      };
  const more = shown.length - first;
  return (
    <div
      className={all ? 'metrics all' : 'metrics'}
      data-testid="metrics"
      role="group"
      aria-label="Live metrics"
      aria-describedby={describedBy}
      ref={row}
    >
      {shown.map((d, i) => {
        const hidden = hiddenMetrics.includes(d.key);
        const said = hidden
          ? HIDDEN_WHY
          : m
            ? d.format(m[d.key]) + (d.detail ? `, ${d.detail(m)}` : '')
            : 'not yet measured';
        return (
          <div
            className={hidden ? 'metric metric-hidden' : 'metric'}
            key={d.key}
            title={hidden ? `${d.help} (${HIDDEN_WHY})` : d.help}
            data-metric={d.key}
            data-value={m && !hidden ? String(m[d.key]) : ''}
            data-hidden={hidden ? '' : undefined}
            data-over={i >= first ? '' : undefined}
            tabIndex={0}
            role="group"
            aria-label={`${d.label}: ${said}. ${d.help}`}
          >
            <div className="metric-label">{d.label}</div>
            <div className="metric-value">
              {hidden ? HIDDEN_VALUE : m ? d.format(m[d.key]) : '–'}
            </div>
            {d.detail && m && !hidden && <div className="metric-detail">{d.detail(m)}</div>}
          </div>
        );
      })}
      {more > 0 && (
        <button
          type="button"
          className="metrics-more"
          aria-expanded={all}
          onClick={() => setAll(!all)}
          title={all ? 'Keep the metrics to one row' : 'Show every metric'}
        >
          {all ? 'Fewer' : `+${more} more`}
        </button>
      )}
    </div>
  );
}

/** Per-connection results; hovering a row highlights the connection in every view, and a
 * click shows it in the time-sequence plot. */
export function ConnectionTable({ store, view }: { store: RunStore; view: ViewState }) {
  useSyncExternalStore(store.subscribeSlow, store.getVersion);
  const v = useSyncExternalStore(view.subscribe, view.get);
  const m = store.metrics;
  const info = store.info;
  const goodputHidden = v.hiddenMetrics.includes('goodputMbps');
  if (!m || !info) return null;
  const many = m.perConnection.length > 40;
  const rows = many ? m.perConnection.slice(0, 40) : m.perConnection;
  return (
    <div className="conn-table-wrap">
      <table className="connections" aria-label="Per-connection results">
        <thead>
          <tr>
            <th scope="col">TCP</th>
            <th scope="col">VC</th>
            <th scope="col">Goodput</th>
            <th scope="col" title="Retransmission timeouts">
              RTOs
            </th>
            <th scope="col" title="Fast retransmits">
              FRs
            </th>
            <th scope="col">Segments</th>
            <th scope="col">Retx</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c, i) => (
            <tr
              key={i}
              className={`${v.hoverConn === i ? 'hover' : ''} ${v.selectedConn === i ? 'selected' : ''}`}
              onMouseEnter={() => view.set({ hoverConn: i })}
              onMouseLeave={() => view.set({ hoverConn: null })}
              onClick={() => view.set({ selectedConn: i })}
              data-conn={i}
            >
              <td>
                <button
                  type="button"
                  className="conn-btn"
                  aria-pressed={v.selectedConn === i}
                  onFocus={() => view.set({ hoverConn: i })}
                  onBlur={() => view.set({ hoverConn: null })}
                  onClick={() => view.set({ selectedConn: i })}
                >
                  <span className="swatch" style={{ background: seriesColor(i, v.dark) }} />
                  {i + 1}
                </button>
              </td>
              <td>{info.vcOfConn[i]}</td>
              <td title={goodputHidden ? HIDDEN_WHY : undefined}>
                {goodputHidden
                  ? HIDDEN_VALUE
                  : `${c.goodputMbps.toFixed(2)} ${METRICS.goodputMbps.unit}`}
              </td>
              <td>{c.timeouts}</td>
              <td>{c.fastRetransmits}</td>
              <td>{c.segmentsSent}</td>
              <td>{c.segmentsRetransmitted}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {many && <p className="muted">First 40 of {m.perConnection.length} connections.</p>}
    </div>
  );
}
