// The playback bar: play/pause, single step, restart, speed, the simulated clock and progress,
// the time window of the plots, the zoom in force and Live mode.
import { useState, useSyncExternalStore } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { formatFixed, formatNumber } from '../../i18n/numbers';
import type { StepUnit } from '../../worker/protocol';
import type { RunStore } from '../data/runStore';
import { abClock } from '../compare/abClock';
import type { ViewState } from '../views/viewState';

// The playback bar's words (the catalogs: src/locales; README, "Translating").
const M = {
  region: /*i18n*/ {
    id: 'playback.region',
    message: 'Playback',
    comment: 'Screen-reader name of the bar with Play, Step, Restart and Speed.',
  },
  play: /*i18n*/ {
    id: 'playback.play',
    message: '▶ Play',
    comment: 'Button: runs the simulation. Keep the ▶ sign.',
  },
  pause: /*i18n*/ {
    id: 'playback.pause',
    message: '❚❚ Pause',
    comment: 'Button: stops the running simulation for now. Keep the ❚❚ sign.',
  },
  playName: /*i18n*/ {
    id: 'playback.play.name',
    message: 'Play',
    comment: 'Screen-reader name of the Play button (no sign).',
  },
  pauseName: /*i18n*/ {
    id: 'playback.pause.name',
    message: 'Pause',
    comment: 'Screen-reader name of the Pause button (no sign).',
  },
  playTip: /*i18n*/ {
    id: 'playback.play.tip',
    message: 'Play or pause (Space)',
    comment: 'Tooltip of Play/Pause; Space is the key on the keyboard.',
  },
  stepGroup: /*i18n*/ {
    id: 'playback.step.group',
    message: 'Single step',
    comment: 'Screen-reader name of the Step button and its size list.',
  },
  step: /*i18n*/ {
    id: 'playback.step',
    message: 'Step',
    comment: 'Button: advances the simulation by one small step, then stops.',
  },
  stepTip: /*i18n*/ {
    id: 'playback.step.tip',
    message: 'One step (→)',
    comment: 'Tooltip of Step; → is the right arrow key.',
  },
  stepTipAb: /*i18n*/ {
    id: 'playback.step.tip.ab',
    message: 'Steps a single run: close the comparison to step',
    comment: 'Tooltip of Step while two runs (A and B) are compared, when it is off.',
  },
  stepSize: /*i18n*/ {
    id: 'playback.step.size',
    message: 'Step size',
    comment: 'Name of the list that chooses how far one Step goes.',
  },
  stepEvent: /*i18n*/ {
    id: 'playback.step.event',
    message: 'one event',
    comment: 'Step size: one event of the simulation (a cell arriving, a timer).',
  },
  stepFrame: /*i18n*/ {
    id: 'playback.step.frame',
    message: 'one frame',
    comment: 'Step size: as far as one drawn picture of the plots.',
  },
  stepMs: /*i18n*/ {
    id: 'playback.step.ms',
    message: '1 ms',
    comment: 'Step size: one millisecond of simulated time.',
  },
  restart: /*i18n*/ {
    id: 'playback.restart',
    message: '↺ Restart',
    comment: 'Button: starts the run again from time 0. Keep the ↺ sign.',
  },
  restartTip: /*i18n*/ {
    id: 'playback.restart.tip',
    message: 'Restart from t = 0, same seed (Home)',
    comment: 'Tooltip of Restart. “seed”: the random number seed; Home is a key.',
  },
  restartTipAb: /*i18n*/ {
    id: 'playback.restart.tip.ab',
    message: 'Restart A and B from t = 0, same seed',
    comment: 'Tooltip of Restart while two runs, A and B, are compared.',
  },
  speed: /*i18n*/ {
    id: 'playback.speed',
    message: 'Speed',
    comment: 'Label of the list of playback speeds.',
  },
  speedCells: /*i18n*/ {
    id: 'playback.speed.cells',
    message: '{ratio} (cells)',
    comment: 'The slowest speed, where single cells can be seen. {ratio}: e.g. “1/10000×”.',
  },
  speedReal: /*i18n*/ {
    id: 'playback.speed.real',
    message: '{ratio} real time',
    comment: 'Speed: as fast as real time. {ratio}: “1×”.',
  },
  speedMax: /*i18n*/ {
    id: 'playback.speed.max',
    message: 'Max',
    comment: 'Speed: as fast as the computer can run it.',
  },
  clock: /*i18n*/ {
    id: 'playback.clock',
    message: 'Simulated time',
    comment: 'Screen-reader name of the clock of the simulation.',
  },
  ofDuration: /*i18n*/ {
    id: 'playback.clock.duration',
    message: '/ {duration} s',
    comment: 'After the clock: the run’s whole length in seconds (s).',
  },
  progress: /*i18n*/ {
    id: 'playback.progress',
    message: 'Run progress',
    comment: 'Screen-reader name of the bar that fills as the run goes on.',
  },
  window: /*i18n*/ {
    id: 'playback.window',
    message: 'Window',
    comment: 'Label of the list of time spans the time plots show.',
  },
  windowName: /*i18n*/ {
    id: 'playback.window.name',
    message: 'Time window',
    comment: 'Screen-reader name of the list of time spans.',
  },
  windowTip: /*i18n*/ {
    id: 'playback.window.tip',
    message: 'Time span of the time plots while no zoom is set',
    comment: 'Tooltip of the Window list.',
  },
  windowLast: /*i18n*/ {
    id: 'playback.window.last',
    message: 'last {seconds} s',
    comment: 'A time span: the last so many seconds (s) of the run.',
  },
  windowAll: /*i18n*/ {
    id: 'playback.window.all',
    message: 'whole run',
    comment: 'A time span: from the start to the end of the run.',
  },
  resetZoom: /*i18n*/ {
    id: 'playback.zoom.reset',
    message: 'Reset zoom',
    comment: 'Button: shows the plots’ whole time span again after a zoom.',
  },
  zoomRange: /*i18n*/ {
    id: 'playback.zoom.range',
    message: '({from}–{to} s)',
    comment: 'After “Reset zoom”: the zoomed span, from and to, in seconds (s).',
  },
  stepped: /*i18n*/ {
    id: 'playback.stepped',
    message: 'stepped: {what}',
    comment: 'After a single step: what the step ran (e.g. “1 event to 0.125 s”).',
  },
  more: /*i18n*/ {
    id: 'playback.more',
    message: 'More',
    comment: 'Phone: button that shows more playback controls.',
  },
  less: /*i18n*/ {
    id: 'playback.less',
    message: 'Less',
    comment: 'Phone: button that hides the extra playback controls again.',
  },
  live: /*i18n*/ {
    id: 'playback.live',
    message: 'Live',
    comment: 'Check box: apply changed settings to the running model at once.',
  },
  liveTip: /*i18n*/ {
    id: 'playback.live.tip',
    message: 'Apply policy and threshold changes to the running model instead of restarting',
    comment: 'Tooltip of Live. “policy”: the switch’s buffer rule.',
  },
};

/** The speeds, slowest first: a ratio to real time (a symbol in every language), and for three
 * of them a word. */
export const SPEEDS: { ratio: string; value: number; words?: MessageDescriptor }[] = [
  { ratio: '1/10000×', value: 1e-4, words: M.speedCells },
  { ratio: '1/1000×', value: 1e-3 },
  { ratio: '1/100×', value: 0.01 },
  { ratio: '1/10×', value: 0.1 },
  { ratio: '1×', value: 1, words: M.speedReal },
  { ratio: '2×', value: 2 },
  { ratio: '10×', value: 10 },
  { ratio: '∞', value: Infinity, words: M.speedMax },
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
  const { _ } = useLingui();
  return (
    <section className={`playback ${more ? 'more-open' : ''}`} aria-label={_(M.region)}>
      <button
        type="button"
        className="primary"
        onClick={() => (ab ? ab.toggle() : p.onTogglePlay())}
        disabled={done}
        aria-label={playing ? _(M.pauseName) : _(M.playName)}
        aria-keyshortcuts="Space"
        title={_(M.playTip)}
      >
        {playing ? _(M.pause) : _(M.play)}
      </button>
      <div className="step-group" role="group" aria-label={_(M.stepGroup)}>
        <button
          type="button"
          onClick={() => p.onStep(p.stepUnit)}
          disabled={store.done || !!ab}
          title={ab ? _(M.stepTipAb) : _(M.stepTip)}
          aria-keyshortcuts="ArrowRight"
        >
          {_(M.step)}
        </button>
        <select
          aria-label={_(M.stepSize)}
          value={p.stepUnit}
          onChange={(e) => p.onStepUnit(e.target.value as StepUnit)}
        >
          <option value="event">{_(M.stepEvent)}</option>
          <option value="frame">{_(M.stepFrame)}</option>
          <option value="ms">{_(M.stepMs)}</option>
        </select>
      </div>
      <button
        type="button"
        className="restart"
        onClick={() => (ab ? ab.restart() : p.onRestart())}
        title={ab ? _(M.restartTipAb) : _(M.restartTip)}
        aria-keyshortcuts="Home"
      >
        {_(M.restart)}
      </button>
      <label className="inline">
        <span className="speed-label-text">{_(M.speed)}</span>
        <select
          aria-label={_(M.speed)}
          value={String(p.speed)}
          onChange={(e) => p.onSpeed(Number(e.target.value))}
        >
          {SPEEDS.map((s) => (
            <option key={s.ratio} value={String(s.value)}>
              {s.words ? _({ ...s.words, values: { ratio: s.ratio } }) : s.ratio}
            </option>
          ))}
        </select>
      </label>
      <Clock store={store} />
      <label className="inline window" title={_(M.windowTip)}>
        {_(M.window)}
        <select
          aria-label={_(M.windowName)}
          value={vs.follow === null ? 'all' : String(vs.follow)}
          onChange={(e) =>
            p.view.set({
              follow: e.target.value === 'all' ? null : Number(e.target.value),
              timeDomain: null,
            })
          }
        >
          {[0.1, 1, 10, 60].map((v) => (
            <option key={v} value={String(v)}>
              {_({ ...M.windowLast, values: { seconds: formatNumber(v) } })}
            </option>
          ))}
          <option value="all">{_(M.windowAll)}</option>
        </select>
      </label>
      {vs.timeDomain && (
        <button
          type="button"
          onClick={() => p.view.set({ timeDomain: null })}
          data-testid="reset-zoom"
        >
          {_(M.resetZoom)}{' '}
          <span className="zoom-range">
            {_({
              ...M.zoomRange,
              values: {
                from: formatFixed(vs.timeDomain[0], 3),
                to: formatFixed(vs.timeDomain[1], 3),
              },
            })}
          </span>
        </button>
      )}
      {p.lastStep && !playing && (
        <span className="muted step-info" data-testid="last-step">
          {_({ ...M.stepped, values: { what: p.lastStep } })}
        </span>
      )}
      <button
        type="button"
        className="playback-more small"
        aria-expanded={more}
        onClick={() => setMore(!more)}
      >
        {more ? _(M.less) : _(M.more)}
      </button>
      {p.live && (
        <label className="inline toggle" title={_(M.liveTip)}>
          <input
            type="checkbox"
            checked={p.live.on}
            onChange={(e) => p.live?.set(e.target.checked)}
          />
          {_(M.live)}
        </label>
      )}
    </section>
  );
}

/** The two runs of Compare, by their names (letters in every language). */
const RUN_A = 'A ';
const RUN_B = ' · B ';

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
  const { _ } = useLingui();
  return (
    <>
      <div className="clock" role="group" aria-label={_(M.clock)} data-ab={b ? '' : undefined}>
        {apart && RUN_A}
        <span data-testid="sim-time" data-t={a.t}>
          {formatFixed(a.t, 3)}
        </span>
        {apart && `${RUN_B}${formatFixed(b.t, 3)}`}
        <span className="muted">
          {' '}
          {_({ ...M.ofDuration, values: { duration: formatNumber(duration) } })}
        </span>
      </div>
      <progress max={1} value={Math.min(1, t / duration)} aria-label={_(M.progress)} />
    </>
  );
}
