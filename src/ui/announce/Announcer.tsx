/**
 * The simulation said to a screen reader: the screen summary at the top of the page (the
 * scenario, its policy, playing or paused at t), the polite live region that announces what
 * changed (news.ts, through the queue of queue.ts), and the setting of when it speaks (off, on
 * pause only, while playing), kept in the browser. The words of the summary and the setting
 * are here; those of the announcements in news.ts.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Preset } from '../../sim';
import { POLICY_LABELS } from '../../sim';
import { readChoice, writeChoice } from '../data/browserStorage';
import type { RunStore } from '../data/runStore';
import { at } from '../views/describe';
import { RunNews, type SeekPhase, StillTeller } from './news';
import { AnnounceQueue } from './queue';

// ---- The setting ----

export type AnnounceMode = 'off' | 'pause' | 'playing';
export const ANNOUNCE_MODES: { value: AnnounceMode; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'pause', label: 'On pause only' },
  { value: 'playing', label: 'While playing' },
];
const KEY = 'tal:announce';
const DEFAULT_MODE: AnnounceMode = 'pause';

const modeListeners = new Set<() => void>();
function readMode(): AnnounceMode {
  const v = readChoice(KEY);
  return v === 'off' || v === 'pause' || v === 'playing' ? v : DEFAULT_MODE;
}
let mode: AnnounceMode | null = null;
const getMode = (): AnnounceMode => (mode ??= readMode());
export function setAnnounceMode(m: AnnounceMode): void {
  mode = m;
  writeChoice(KEY, m);
  for (const f of modeListeners) f();
}
const subscribeMode = (f: () => void) => {
  modeListeners.add(f);
  return () => modeListeners.delete(f);
};
export const useAnnounceMode = (): AnnounceMode =>
  useSyncExternalStore(subscribeMode, getMode, () => DEFAULT_MODE);

/** The setting: when the live region speaks. */
export function AnnounceSetting() {
  const m = useAnnounceMode();
  return (
    <label className="inline announce-setting">
      Announce the run
      <select
        value={m}
        onChange={(e) => setAnnounceMode(e.target.value as AnnounceMode)}
        data-testid="announce-mode"
      >
        {ANNOUNCE_MODES.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

// ---- The screen summary ----

/** The summary's words: "S0 testbed (modified). Policy: Early Packet Discard (EPD). Paused at
 * 2.000 s of 180 s." */
export function summaryText(
  store: RunStore,
  preset: Preset | undefined,
  modified: boolean,
): string {
  const info = store.info;
  if (!info) return 'Loading the run.';
  const name = preset ? `${preset.title}${modified ? ' (modified)' : ''}` : 'A custom scenario';
  const policy = POLICY_LABELS[info.scenario.policy] ?? info.scenario.policy;
  const state = store.done
    ? `Run over at ${at(store.t)}`
    : store.playing
      ? `Playing, at ${at(store.t)}`
      : `Paused at ${at(store.t)}`;
  return `${name}. Policy: ${policy}. ${state} of ${info.durationSeconds} s.`;
}

/** The screen summary at the top of the simulation page, for a screen reader: at once when the
 * run stands still, every second while it plays; with the setting of the live region. Hidden
 * from sight until a key brings the focus into it (as a skip link). */
export function ScreenSummary({
  store,
  preset,
  modified,
}: {
  store: RunStore;
  preset: Preset | undefined;
  modified: boolean;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const update = () => {
      const el = ref.current;
      const text = summaryText(store, preset, modified);
      if (el && el.textContent !== text) el.textContent = text;
    };
    update();
    const a = store.subscribeSlow(update, 1000);
    const b = store.subscribeStatus(update);
    return () => {
      a();
      b();
    };
  }, [store, preset, modified]);
  return (
    <section className="screen-summary" aria-labelledby="screen-summary-title">
      <h2 id="screen-summary-title">Summary</h2>
      <p ref={ref} data-testid="screen-summary" />
      <AnnounceSetting />
    </section>
  );
}

// ---- The live region ----

/** The polite live region: the run's news while it plays (setting "While playing"), at most
 * every 5 s, and its state when it stands still (unless the setting is "Off"). After a seek
 * (a jump in time) the state is told without the news of the time jumped over. */
export function LiveRegion({ store, run }: { store: RunStore; run?: SeekPhase }) {
  const m = useAnnounceMode();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (m === 'off') return;
    const news = new RunNews(store);
    news.catchUp();
    const queue = new AnnounceQueue({
      now: () => performance.now(),
      later(f, ms) {
        const id = window.setTimeout(f, ms);
        return () => window.clearTimeout(id);
      },
      // "On pause only": the news waits for the pause's message.
      news: () => (m === 'playing' ? news.next() : ''),
      speak(text) {
        const el = ref.current;
        if (!el) return;
        el.textContent = text;
        el.dataset.said = String(Number(el.dataset.said ?? 0) + 1);
      },
    });
    const teller = new StillTeller(store, news, run);
    const still = () => teller.message();
    let seen = store.version;
    const off = store.subscribe(() => {
      if (store.version === seen) return;
      seen = store.version;
      if (!store.info) return;
      if (store.playing) queue.poke();
      else queue.standStill(still);
    });
    return () => {
      off();
      teller.dispose();
      queue.clear();
    };
  }, [store, run, m]);
  return (
    <div
      className="sr-only"
      role="status"
      aria-live="polite"
      aria-atomic="true"
      ref={ref}
      data-testid="live-region"
    />
  );
}
