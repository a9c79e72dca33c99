import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { Scenario } from '../../sim';
import { perVc } from '../../sim';
import type { RunStore } from '../data/runStore';
import { reasonStyle } from '../views/palette';
import type { ViewState } from '../views/viewState';
import { consequenceOf } from '../data/consequence';
import { explainDrop, portContext } from './explain';
import { revealNearest, rowEnd, sourcePanel, trackSourcePanel } from './placement';

/** One sentence on how the sender recovered, in this scenario's terms. */
function recoveryStory(
  c: ReturnType<typeof consequenceOf>,
  s: Scenario,
  conn: number,
  vcOfConn: number[],
): string {
  const variant = perVc(s.tcp, vcOfConn[conn]);
  if (!c.recovery) return 'The sender has not reacted yet; play on to see the consequence.';
  if (c.recovery.kind === 'fast retransmit')
    return `${s.dupAck} duplicate ACKs triggered a fast retransmit: cwnd is cut to about half instead of collapsing to one segment.`;
  if (variant === 'vanilla')
    return 'This TCP (vanilla: slow start and congestion avoidance only) has no fast retransmit, so it waited for its retransmission timer and restarted from one segment.';
  if (c.dupAcks < s.dupAck)
    return `Only ${c.dupAcks} duplicate ACK${c.dupAcks === 1 ? '' : 's'} came back (${s.dupAck} are needed for a fast retransmit), so the sender waited for its retransmission timer and restarted from one segment.`;
  return `Enough duplicate ACKs came, but ${variant} could not use them (the loss fell in a recovery already under way, or more than one segment of the window was lost), so only the retransmission timer rescued it.`;
}

const kb = (v: number | null) => (v === null ? '–' : `${(v / 1024).toFixed(1)} KB`);
const sec = (v: number | null) => (v === null ? '–' : `${v.toFixed(6)} s`);

/**
 * "Why was this dropped?": the rule that fired under the port's policy with its inputs at that
 * instant, the frame and segment the cell belonged to, and what followed (duplicate ACKs, fast
 * retransmit or timeout, the cwnd cut). Opened by clicking a drop in the loss raster or the
 * queue view; it opens under the row of the view it was picked in, switches the time-sequence
 * plot to the dropped segment's connection and scrolls the page no further than needed.
 */
export function Inspector({ store, view }: { store: RunStore; view: ViewState }) {
  const v = useSyncExternalStore(view.subscribe, view.get);
  useSyncExternalStore(store.subscribeSlow, store.getVersion);
  const closeRef = useRef<HTMLButtonElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const [host, setHost] = useState<HTMLElement | null>(null);
  const d = v.inspected;
  useEffect(trackSourcePanel, []);
  // The view the drop was picked in (read once per drop).
  const src = useMemo(() => (d ? sourcePanel() : null), [d]);
  // A new drop: open under the row of the view it was picked in (inline when none, e.g. a drop
  // restored from the link), and show its connection in the time-sequence plot.
  useLayoutEffect(() => {
    if (!d) return;
    view.set({ selectedConn: d.conn });
    if (!src) return;
    const slot = document.createElement('div');
    slot.className = 'inspector-slot';
    rowEnd(src).after(slot);
    // The slot's place in the page is only known once the views are in the DOM.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHost(slot);
    return () => {
      slot.remove();
      setHost(null);
    };
  }, [d, src, view]);
  useEffect(() => {
    if (!d) return;
    closeRef.current?.focus({ preventScroll: true });
    const undo = sectionRef.current ? revealNearest(sectionRef.current) : undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') view.set({ inspected: null });
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      undo?.();
    };
  }, [d, host, view]);
  // Until its slot is placed (before the first paint) it is not drawn at the top of the views.
  if (!d || !store.info || (src && !host)) return null;
  const ex = explainDrop(d, store.info.scenario, portContext(store.info));
  const c = consequenceOf(store, d);
  const st = reasonStyle(d.reason);
  const close = () => view.set({ inspected: null });
  const panel = (
    <section
      ref={sectionRef}
      className="panel inspector span-3"
      role="dialog"
      aria-labelledby="inspector-title"
      data-testid="inspector"
    >
      <header className="panel-head">
        <h2 id="inspector-title">
          Why was this dropped?{' '}
          <span className="reason-chip" style={{ background: st.color }}>
            {st.label}
          </span>
        </h2>
        <div className="panel-tools">
          <button type="button" ref={closeRef} onClick={close} aria-label="Close the inspector">
            ✕ Close
          </button>
        </div>
      </header>
      <div className="inspector-body">
        <div>
          <h3>The rule</h3>
          <p>{ex.rule}</p>
          <table className="kv">
            <tbody>
              {ex.values.map((row) => (
                <tr key={row.testId}>
                  <th scope="row">{row.name}</th>
                  <td data-testid={`inspect-${row.testId}`}>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="verdict">{ex.verdict}</p>
        </div>
        <div>
          <h3>The frame</h3>
          <table className="kv">
            <tbody>
              <tr>
                <th scope="row">time of the drop</th>
                <td data-testid="inspect-t">{sec(d.t)}</td>
              </tr>
              <tr>
                <th scope="row">VC · TCP connection</th>
                <td>
                  VC {d.vc} · TCP {d.conn + 1}
                </td>
              </tr>
              <tr>
                <th scope="row">segment (first byte)</th>
                <td data-testid="inspect-seq">{d.seq}</td>
              </tr>
              <tr>
                <th scope="row">cells dropped under this rule</th>
                <td>{d.cells}</td>
              </tr>
              <tr>
                <th scope="row">segment sent at</th>
                <td>{sec(c.sentAt)}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <div>
          <h3>What followed</h3>
          <table className="kv">
            <tbody>
              <tr>
                <th scope="row">duplicate ACKs</th>
                <td data-testid="inspect-dupacks">{c.dupAcks}</td>
              </tr>
              <tr>
                <th scope="row">recovery</th>
                <td data-testid="inspect-recovery">
                  {c.recovery ? `${c.recovery.kind} at ${c.recovery.t.toFixed(6)} s` : 'not yet'}
                </td>
              </tr>
              <tr>
                <th scope="row">segment sent again</th>
                <td>{sec(c.retransmittedAt)}</td>
              </tr>
              <tr>
                <th scope="row">cwnd before → after</th>
                <td>
                  {kb(c.cwndBefore)} → {kb(c.cwndAfter)} (ssthresh {kb(c.ssthreshAfter)})
                </td>
              </tr>
            </tbody>
          </table>
          <p className="muted">
            {recoveryStory(c, store.info.scenario, d.conn, store.info.vcOfConn)} The segment and its
            retransmission are ringed in the time-sequence plot, which shows TCP {d.conn + 1}.
          </p>
        </div>
      </div>
    </section>
  );
  return host ? createPortal(panel, host) : panel;
}
