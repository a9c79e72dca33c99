/**
 * A timeline you can scrub: one row over [0, duration] with the time the
 * run reached, the zoomed window, and the run's notable moments as ticks. Click or drag on it,
 * or use the arrow keys on its slider, to go to a time; click a mark (on the track or in the
 * list) to go there and zoom the time plots around it.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { RunStore } from '../data/runStore';
import { useWidth } from '../views/useRedraw';
import type { ViewState } from '../views/viewState';
import type { Mark } from './marks';
import { colorOfMark, legendOfMarks, markTarget } from './marks';
import { useCursorFollow, useMarks } from './useTimeline';
import './timeline.css';

export interface TimelineProps {
  store: RunStore;
  view: ViewState;
  /** Go to simulated time t seconds and pause (the worker's seek). */
  onSeek(t: number): void;
}

const fmt = (t: number) => t.toFixed(3);
/** Keyboard seeks wait this long for the next key before going (each backward seek replays). */
const KEY_SETTLE_MS = 250;

/** Where `mark` sends the views: the time plots zoomed around it (a deadlock whole, at its
 * end, when it is flagged, shaded and counted), its connection selected. */
export function goToMark(view: ViewState, mark: Mark, duration: number, seek: (t: number) => void) {
  const to = markTarget(mark, duration);
  const patch: Parameters<ViewState['set']>[0] = { timeDomain: to.zoom };
  if (mark.conn !== undefined && view.get().selectedConn >= 0) patch.selectedConn = mark.conn;
  view.set(patch);
  seek(to.t);
}

/** Marks closer than this many pixels share one tick (it goes to the first of them). */
const TICK_GAP_PX = 7;

/**
 * The ticks of the track: point marks closer together than TICK_GAP_PX share one (in time
 * order; a tick lists all of its marks); each deadlock keeps a tick of its own, a span.
 */
export function groupTicks(marks: readonly Mark[], duration: number, width: number): Mark[][] {
  const dt = duration > 0 && width > 0 ? (TICK_GAP_PX / width) * duration : 0;
  const out: Mark[][] = [];
  let open: Mark[] | null = null;
  for (const m of marks) {
    if (m.kind === 'deadlock') {
      out.push([m]);
      continue;
    }
    if (open && m.t - open[0].t < dt) open.push(m);
    else out.push((open = [m]));
  }
  return out;
}

/** One colour, or horizontal bands of several (a tick shared by marks of several kinds). */
function stripes(colors: string[]): string {
  const c = [...new Set(colors)];
  if (c.length === 1) return c[0];
  const step = 100 / c.length;
  return `linear-gradient(${c.map((x, i) => `${x} ${i * step}% ${(i + 1) * step}%`).join(', ')})`;
}

export function Timeline({ store, view, onSeek }: TimelineProps) {
  const marks = useMarks(store);
  useCursorFollow(store, view);
  const dark = useSyncExternalStore(view.subscribe, () => view.get().dark);
  const [track, width] = useWidth<HTMLDivElement>();
  const fill = useRef<HTMLDivElement>(null);
  const thumb = useRef<HTMLDivElement>(null);
  const zoom = useRef<HTMLDivElement>(null);
  const slider = useRef<HTMLDivElement>(null);
  const momentsButton = useRef<HTMLButtonElement>(null);
  /** The time a drag or the keys point at before the seek goes (null: the reached time). */
  const [pending, setPending] = useState<number | null>(null);
  const pendingRef = useRef<number | null>(null);
  const keyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [duration, setDuration] = useState(store.info?.durationSeconds ?? 0);
  const [tip, setTip] = useState<{ x: number; text: string } | null>(null);
  // Escape hides the pointer's time tip until the pointer leaves the track (WCAG 1.4.13: a tip
  // that appears on hover can be dismissed without moving the pointer).
  const tipDismissed = useRef(false);
  useEffect(() => {
    if (!tip) return;
    const onKey = (ev: KeyboardEvent) => {
      if (ev.key !== 'Escape') return;
      tipDismissed.current = true;
      setTip(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [tip]);

  const setPend = (t: number | null) => {
    pendingRef.current = t;
    setPending(t);
  };

  // The reached time, the cursor and the zoom window, drawn without re-rendering.
  useEffect(() => {
    const draw = () => {
      const d = store.info?.durationSeconds ?? 0;
      setDuration(d);
      const at = pendingRef.current ?? store.t;
      const f = d > 0 ? Math.min(1, Math.max(0, at / d)) : 0;
      const reached = d > 0 ? Math.min(1, store.t / d) : 0;
      if (fill.current) fill.current.style.width = `${reached * 100}%`;
      if (thumb.current) thumb.current.style.left = `${f * 100}%`;
      const s = slider.current;
      if (s) {
        s.setAttribute('aria-valuenow', fmt(at));
        s.setAttribute('aria-valuemax', fmt(d));
        s.setAttribute(
          'aria-valuetext',
          `${fmt(at)} s of ${fmt(d)} s${store.playing ? ', playing' : ', paused'}`,
        );
      }
      const z = zoom.current;
      const td = view.get().timeDomain;
      if (z) {
        z.hidden = !td || d <= 0;
        if (td && d > 0) {
          z.style.left = `${(Math.max(0, td[0]) / d) * 100}%`;
          z.style.width = `${(Math.max(0, Math.min(d, td[1]) - Math.max(0, td[0])) / d) * 100}%`;
        }
      }
    };
    draw();
    // The reached time moves a few times a second while the run plays (each move lays out
    // and repaints the sticky bar), at once when it stands still.
    const a = store.subscribeSlow(draw);
    const b = view.subscribe(draw);
    return () => {
      a();
      b();
    };
  }, [store, view, pending]);

  useEffect(() => () => clearTimeout(keyTimer.current), []);

  const timeAt = (clientX: number) => {
    const r = track.current!.getBoundingClientRect();
    const f = Math.min(1, Math.max(0, (clientX - r.left) / Math.max(1, r.width)));
    return Math.round(f * duration * 1e6) / 1e6;
  };

  const seek = (t: number) => {
    clearTimeout(keyTimer.current);
    setPend(null);
    view.set({ cursor: t });
    onSeek(t);
  };

  const onPointerDown = (ev: React.PointerEvent) => {
    if (duration <= 0 || ev.button !== 0) return;
    if ((ev.target as HTMLElement).closest('.tl-mark')) return;
    ev.preventDefault();
    slider.current?.focus();
    (ev.currentTarget as HTMLElement).setPointerCapture?.(ev.pointerId);
    setPend(timeAt(ev.clientX));
  };
  const onPointerMove = (ev: React.PointerEvent) => {
    if (duration <= 0) return;
    const t = timeAt(ev.clientX);
    const r = track.current!.getBoundingClientRect();
    if (pendingRef.current !== null) setPend(t);
    else if (!tipDismissed.current && !(ev.target as HTMLElement).closest('.tl-mark'))
      setTip({ x: ev.clientX - r.left, text: `${fmt(t)} s` });
  };
  const onPointerUp = (ev: React.PointerEvent) => {
    if (pendingRef.current === null) return;
    seek(timeAt(ev.clientX));
  };

  const onKeyDown = (ev: React.KeyboardEvent) => {
    if (duration <= 0) return;
    // From where the keys left it, or the seek in flight, or the time the run shows.
    const from = pendingRef.current ?? view.get().cursor ?? store.t;
    const small = duration / 100;
    const big = duration / 10;
    const to: Record<string, number> = {
      ArrowRight: from + (ev.shiftKey ? big : small),
      ArrowUp: from + (ev.shiftKey ? big : small),
      ArrowLeft: from - (ev.shiftKey ? big : small),
      ArrowDown: from - (ev.shiftKey ? big : small),
      PageUp: from + big,
      PageDown: from - big,
      Home: 0,
      End: duration,
    };
    if (!(ev.key in to)) {
      if (ev.key === 'Enter' && pendingRef.current !== null) seek(pendingRef.current);
      // Escape drops a move not yet made (and its "go to" tip): the run stays where it is.
      if (ev.key === 'Escape' && pendingRef.current !== null) {
        ev.stopPropagation();
        clearTimeout(keyTimer.current);
        setPend(null);
      }
      return;
    }
    ev.preventDefault();
    ev.stopPropagation(); // the app's own arrow keys (step) do not fire on the slider
    const t = Math.round(Math.min(duration, Math.max(0, to[ev.key])) * 1e6) / 1e6;
    setPend(t);
    clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => seek(t), KEY_SETTLE_MS);
  };

  const pick = (m: Mark, fromList = false) => {
    setOpen(false);
    // The list closes under the focus: it goes back to the Moments button, not to the page.
    if (fromList) momentsButton.current?.focus();
    clearTimeout(keyTimer.current);
    setPend(null);
    goToMark(view, m, duration, (t) => {
      view.set({ cursor: t });
      onSeek(t);
    });
  };

  const ticks = groupTicks(marks, duration, width);
  const pct = (t: number) => `${duration > 0 ? (Math.min(duration, t) / duration) * 100 : 0}%`;
  const kinds = legendOfMarks(marks, dark);

  return (
    <div className="timeline" data-testid="timeline" data-marks={marks.length}>
      <div
        className="tl-track"
        ref={track}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerLeave={() => {
          tipDismissed.current = false;
          setTip(null);
        }}
      >
        <div className="tl-bar" />
        <div className="tl-zoom" ref={zoom} hidden title="the time window the plots show" />
        <div className="tl-fill" ref={fill} />
        {ticks.map((g) => {
          const m = g[0];
          const colors = g.map((x) => colorOfMark(x, dark));
          const label = g.map((x) => x.label).join('\n');
          return (
            <button
              type="button"
              key={`${m.kind}-${m.t}`}
              className={`tl-mark tl-${m.kind}`}
              style={{
                left: pct(m.t),
                width:
                  m.t1 !== undefined ? `max(3px, calc(${pct(m.t1)} - ${pct(m.t)}))` : undefined,
                background: stripes(colors),
              }}
              title={label}
              aria-label={label}
              tabIndex={-1}
              data-kind={m.kind}
              data-deadlock={m.deadlock}
              data-kinds={g.map((x) => x.kind).join(' ')}
              data-t={m.t}
              onClick={() => pick(m)}
            />
          );
        })}
        <div
          ref={slider}
          className="tl-thumb"
          role="slider"
          tabIndex={0}
          aria-label="Simulated time (seek)"
          aria-valuemin={0}
          aria-valuemax={duration}
          aria-valuenow={0}
          onKeyDown={onKeyDown}
          onBlur={() => pendingRef.current !== null && seek(pendingRef.current)}
        >
          <div className="tl-knob" ref={thumb} />
        </div>
        {pending !== null && (
          <div className="tl-tip" style={{ left: pct(pending) }} aria-hidden="true">
            go to {fmt(pending)} s
          </div>
        )}
        {pending === null && tip && (
          <div className="tl-tip" style={{ left: tip.x }} aria-hidden="true">
            {tip.text}
          </div>
        )}
      </div>
      <div
        className="tl-marks-menu"
        onKeyDown={(ev) => {
          if (ev.key === 'Escape' && open) {
            ev.stopPropagation();
            setOpen(false);
          }
        }}
      >
        <button
          type="button"
          ref={momentsButton}
          aria-expanded={open}
          aria-controls="tl-mark-list"
          onClick={() => setOpen((o) => !o)}
          disabled={marks.length === 0}
          title="Notable moments of the run: go to one"
        >
          Moments ({marks.length})
        </button>
        {open && (
          <div className="tl-popover" id="tl-mark-list">
            <ul className="tl-legend" aria-label="Kinds of moments">
              {kinds.map((k) => (
                <li key={k.key} data-kind={k.key}>
                  <span className="tl-swatch" style={{ background: k.color }} />
                  {k.name}
                </li>
              ))}
            </ul>
            <ul className="tl-list" aria-label="Moments of the run">
              {marks.map((m, i) => (
                <li key={`${m.kind}-${m.t}-${i}`}>
                  <button type="button" onClick={() => pick(m, true)}>
                    <span className="tl-swatch" style={{ background: colorOfMark(m, dark) }} />
                    {m.label}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
