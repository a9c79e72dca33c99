// The playback bar: play/pause, single step, restart, speed, the simulated clock and progress,
// the time window of the plots, the zoom in force and Live mode.
import { useState, useSyncExternalStore } from 'react';
import type { StepUnit } from '../../worker/protocol';
import type { RunStore } from '../data/runStore';
import { abClock } from '../compare/abClock';
import type { ViewState } from '../views/viewState';

export const SPEEDS: { label: string; value: number }[] = [
  { label: '1/10000× (cells)', value: 1e-4 },
  { label: '1/1000×', value: 1e-3 },
  { label: '1/100×', value: 0.01 },
  { label: '1/10×', value: 0.1 },
  { label: '1× real time', value: 1 },
  { label: '2×', value: 2 },
  { label: '10×', value: 10 },
  { label: 'Max', value: Infinity },
];

export interface PlaybackProps {
  store: RunStore;
  view: ViewState;
  /** Play or pause the run (the run's controller). */
  onTogglePlay(): void;
  /** One step of the run. */
  onStep(unit: StepUnit): void;
  speed: number;
  onSpeed(speed: number): void;
  onRestart(): void;
  stepUnit: StepUnit;
  onStepUnit(u: StepUnit): void;
  /** What the last single step ran (shown while paused). */
  lastStep: string | null;
  /** Live mode (absent in embed mode). */
  live?: { on: boolean; set(on: boolean): void };
}

export function Playback(p: PlaybackProps) {
  useSyncExternalStore(p.store.subscribeStatus, p.store.getStatus);
  const vs = useSyncExternalStore(p.view.subscribe, p.view.get);
  // Under Compare A/B, Play and Restart drive the two sides on show; Step is the single run's.
  const ab = useSyncExternalStore(abClock.subscribe, abClock.get);
  useSyncExternalStore((ab?.a ?? p.store).subscribeStatus, (ab?.a ?? p.store).getStatus);
  useSyncExternalStore((ab?.b ?? p.store).subscribeStatus, (ab?.b ?? p.store).getStatus);
  const { store } = p;
  const playing = ab ? ab.a.playing || ab.b.playing : store.playing;
  const done = ab ? ab.a.done && ab.b.done : store.done;
  const [more, setMore] = useState(false);
  return (
    <section className={`playback ${more ? 'more-open' : ''}`} aria-label="Playback">
      <button
        type="button"
        className="primary"
        onClick={() => (ab ? ab.toggle() : p.onTogglePlay())}
        disabled={done}
        aria-label={playing ? 'Pause' : 'Play'}
        aria-keyshortcuts="Space"
        title="Play or pause (Space)"
      >
        {playing ? '❚❚ Pause' : '▶ Play'}
      </button>
      <div className="step-group" role="group" aria-label="Single step">
        <button
          type="button"
          onClick={() => p.onStep(p.stepUnit)}
          disabled={store.done || !!ab}
          title={ab ? 'Steps a single run: close the comparison to step' : 'One step (→)'}
          aria-keyshortcuts="ArrowRight"
        >
          Step
        </button>
        <select
          aria-label="Step size"
          value={p.stepUnit}
          onChange={(e) => p.onStepUnit(e.target.value as StepUnit)}
        >
          <option value="event">one event</option>
          <option value="frame">one frame</option>
          <option value="ms">1 ms</option>
        </select>
      </div>
      <button
        type="button"
        className="restart"
        onClick={() => (ab ? ab.restart() : p.onRestart())}
        title={
          ab ? 'Restart A and B from t = 0, same seed' : 'Restart from t = 0, same seed (Home)'
        }
        aria-keyshortcuts="Home"
      >
        ↺ Restart
      </button>
      <label className="inline">
        <span className="speed-label-text">Speed</span>
        <select
          aria-label="Speed"
          value={String(p.speed)}
          onChange={(e) => p.onSpeed(Number(e.target.value))}
        >
          {SPEEDS.map((s) => (
            <option key={s.label} value={String(s.value)}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <Clock store={store} />
      <label className="inline window" title="Time span of the time plots while no zoom is set">
        Window
        <select
          aria-label="Time window"
          value={vs.follow === null ? 'all' : String(vs.follow)}
          onChange={(e) =>
            p.view.set({
              follow: e.target.value === 'all' ? null : Number(e.target.value),
              timeDomain: null,
            })
          }
        >
          <option value="0.1">last 0.1 s</option>
          <option value="1">last 1 s</option>
          <option value="10">last 10 s</option>
          <option value="60">last 60 s</option>
          <option value="all">whole run</option>
        </select>
      </label>
      {vs.timeDomain && (
        <button
          type="button"
          onClick={() => p.view.set({ timeDomain: null })}
          data-testid="reset-zoom"
        >
          Reset zoom{' '}
          <span className="zoom-range">
            ({vs.timeDomain[0].toFixed(3)}–{vs.timeDomain[1].toFixed(3)} s)
          </span>
        </button>
      )}
      {p.lastStep && !playing && (
        <span className="muted step-info" data-testid="last-step">
          stepped: {p.lastStep}
        </span>
      )}
      <button
        type="button"
        className="playback-more small"
        aria-expanded={more}
        onClick={() => setMore(!more)}
      >
        {more ? 'Less' : 'More'}
      </button>
      {p.live && (
        <label
          className="inline toggle"
          title="Apply policy and threshold changes to the running model instead of restarting"
        >
          <input
            type="checkbox"
            checked={p.live.on}
            onChange={(e) => p.live?.set(e.target.checked)}
          />
          Live
        </label>
      )}
    </section>
  );
}

/** The simulated clock and the run's progress (a few times a second while the run plays; at
 * once when it stands still). Under Compare A/B, the time of the two runs on show: one
 * figure when they stand at the same instant, else each side's. */
function Clock({ store }: { store: RunStore }) {
  const ab = useSyncExternalStore(abClock.subscribe, abClock.get);
  const a = ab?.a ?? store;
  const b = ab?.b ?? null;
  useSyncExternalStore(a.subscribeSlow, a.getVersion);
  useSyncExternalStore((b ?? a).subscribeSlow, (b ?? a).getVersion);
  const duration = a.info?.durationSeconds ?? 1;
  const apart = b !== null && b.t.toFixed(3) !== a.t.toFixed(3);
  const t = b ? Math.min(a.t, b.t) : a.t;
  return (
    <>
      <div className="clock" role="group" aria-label="Simulated time" data-ab={b ? '' : undefined}>
        {apart && 'A '}
        <span data-testid="sim-time" data-t={a.t}>
          {a.t.toFixed(3)}
        </span>
        {apart && ` · B ${b.t.toFixed(3)}`}
        <span className="muted"> / {duration} s</span>
      </div>
      <progress max={1} value={Math.min(1, t / duration)} aria-label="Run progress" />
    </>
  );
}
