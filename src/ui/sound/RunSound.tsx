/**
 * The "Sound" switch of the header and what it drives: while on, the run is heard
 * (sonify.ts: the buffer's fill as pitch, a click per drop, a tone per timeout). Off by default;
 * the choice is kept in this browser.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { readChoice, writeChoice } from '../data/browserStorage';
import type { RunStore } from '../data/runStore';
import { Sonifier } from './sonify';
import { WebAudioOut } from './webAudio';

const KEY = 'tal:sound';
const T = {
  label: 'Sound',
  title:
    'Hear the run: the buffer’s fill as the pitch of a tone, a click for each drop, a low double tone for each timeout',
};

const listeners = new Set<() => void>();
let on: boolean | null = null;
const getOn = (): boolean => (on ??= readChoice(KEY) === 'on');
function setOn(v: boolean): void {
  on = v;
  writeChoice(KEY, v ? 'on' : 'off');
  for (const f of listeners) f();
}
const subscribe = (f: () => void) => {
  listeners.add(f);
  return () => listeners.delete(f);
};
export const useSoundOn = (): boolean => useSyncExternalStore(subscribe, getOn, () => false);

/** The switch: a toggle button in the header, beside the theme (on a phone, in its menu). */
export function SoundToggle() {
  const v = useSoundOn();
  return (
    <button
      type="button"
      aria-pressed={v}
      data-testid="sound-toggle"
      title={T.title}
      onClick={() => setOn(!v)}
    >
      <span aria-hidden="true">♪ </span>
      {T.label}
    </button>
  );
}

/** Plays the run while the switch is on (nothing rendered). */
export function RunSound({ store }: { store: RunStore }) {
  const v = useSoundOn();
  useEffect(() => {
    if (!v || typeof AudioContext === 'undefined') return;
    const out = new WebAudioOut();
    const sonifier = new Sonifier(store, out);
    const off = store.subscribe(() => sonifier.update());
    return () => {
      off();
      sonifier.stop();
      out.close();
    };
  }, [store, v]);
  return null;
}
