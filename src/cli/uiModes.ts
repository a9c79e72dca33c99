/**
 * The app's modes that `npm run bench:ui` and `npm run soak` measure by name (`--mode`): a
 * page path each, streaming at maximum speed for longer than any measurement, and the element
 * whose text is the simulated clock of that mode.
 */
export interface UiMode {
  path: string;
  /** data-testid of the simulated clock (seconds) this mode shows. */
  clock: string;
  what: string;
}

export const UI_MODES = {
  // S0's EPD (b = 1) testbed at K = 1088 cells; 3600 s, the schema's maximum.
  single: {
    path: '/?preset=s0-testbed&duration=3600&speed=max',
    clock: 'sim-time',
    what: "one switch: S0's EPD testbed",
  },
  parking: {
    path: '/?preset=parking-lot-fba&duration=3600&speed=max',
    clock: 'sim-time',
    what: 'the parking lot (3 switches, FBA at every port)',
  },
  // Two runs at once, each with its own worker and its own three views: EPD (A) against plain
  // UBR (B), on the same seed.
  compare: {
    path: '/?preset=s0-testbed&duration=3600&speed=max&compare=1&b.policy=tail-drop',
    clock: 'compare-time-a',
    what: 'Compare A/B: EPD against plain UBR, two runs side by side',
  },
  lesson: {
    path: '/?lesson=ubr-collapse&speed=max',
    clock: 'sim-time',
    what: 'a lesson (UBR collapse), at the speed it plays',
  },
  // Its first step plays at 1× and 0.1× to the first timeout, then stands paused.
  deadlock: {
    path: '/?lesson=deadlock',
    clock: 'sim-time',
    what: 'the deadlock lesson (S2), at the speed it plays',
  },
} satisfies Record<string, UiMode>;

export type UiModeName = keyof typeof UI_MODES;
export const UI_MODE_NAMES = Object.keys(UI_MODES) as UiModeName[];

/**
 * The measurements a command line asks for: each `--mode` (`all`: every mode), then each
 * `--path` (clock `sim-time`), in order; none given: `fallback`.
 */
export function pickModes(
  modes: string[],
  paths: string[],
  fallback: UiModeName = 'single',
): { name: string; mode: UiMode }[] | string {
  const out: { name: string; mode: UiMode }[] = [];
  for (const m of modes.flatMap((m) => m.split(','))) {
    if (m === 'all') out.push(...UI_MODE_NAMES.map((n) => ({ name: n, mode: UI_MODES[n] })));
    else if (m in UI_MODES) out.push({ name: m, mode: UI_MODES[m as UiModeName] });
    else return `--mode: "${m}" is not one of ${[...UI_MODE_NAMES, 'all'].join(', ')}`;
  }
  for (const p of paths) {
    if (!p.startsWith('/')) return `--path: "${p}" must start with "/" (e.g. /?preset=s0-testbed)`;
    out.push({ name: p, mode: { path: p, clock: 'sim-time', what: p } });
  }
  return out.length ? out : [{ name: fallback, mode: UI_MODES[fallback] }];
}

/**
 * The screens `npm run bench:ui --device` measures on: the default 1280×720 window, the
 * projector-sized laptop, and a phone (390×844 CSS px at device pixel ratio 2, touch). With
 * each, the frame target: one 60 Hz frame on a computer; two (30 fps) on a phone whose CPU is
 * slowed (`--cpu-slowdown`, Lighthouse's mid-range phone is 4×).
 */
export interface UiDevice {
  width: number;
  height: number;
  deviceScaleFactor: number;
  mobile: boolean;
  what: string;
}

export const UI_DEVICES = {
  desktop: { width: 1280, height: 720, deviceScaleFactor: 1, mobile: false, what: '1280×720' },
  laptop: { width: 1366, height: 768, deviceScaleFactor: 1, mobile: false, what: '1366×768' },
  phone: {
    width: 390,
    height: 844,
    deviceScaleFactor: 2,
    mobile: true,
    what: '390×844 at DPR 2, touch',
  },
} satisfies Record<string, UiDevice>;

export type UiDeviceName = keyof typeof UI_DEVICES;

/** A device by name, or an error naming the choices. */
export function pickDevice(name: string): UiDevice | string {
  return name in UI_DEVICES
    ? UI_DEVICES[name as UiDeviceName]
    : `--device: "${name}" is not one of ${Object.keys(UI_DEVICES).join(', ')}`;
}

/** The p95 frame interval a run must keep: 16.7 ms (60 Hz) on an unslowed CPU, 33.3 ms (30 Hz)
 * when the CPU is slowed, as a mid-range phone's is. */
export function frameTargetMs(cpuSlowdown: number): number {
  return cpuSlowdown > 1 ? 33.3 : 16.7;
}
