/**
 * The app's own keys in a link: how the page presents a run, never the run itself. One row
 * per fact of the page's place (its field of NavState): the keys it owns, how it is read and
 * written, whether a change of it is a navigation. The page's navigation reads and writes links
 * with it (link.ts, src/ui/urlState.ts); the CLI's `--url` skips its keys (isAppKey), so a link
 * with them replays the same run anywhere. A new key is its field and its row here.
 */
import { quoteValue } from '../sim';
import { LOCALES } from '../i18n/locales';
import type { SweepSettings } from './catalog';
import type { LinkField, LinkReading } from './field';
import { TIME, flag, readFlag, runEnd, secs } from './field';

/** Pages other than the simulation. */
export type Page = 'sim' | 'reproduce' | 'teacher';

/** The page's place: the scenario and how the app shows it. */
export interface NavState {
  /** The scenario, normalised (toQuery). */
  query: string;
  /** The preset the scenario started from (`preset=` or `from=`), if any. */
  base: string | null;
  embed: boolean;
  presenter: boolean;
  /** Set in the URL (else the system's preference). */
  theme: 'light' | 'dark' | null;
  /** The page's language, set in the URL (`lang=es`; src/i18n/locales.ts), else the one this
   * browser chose before, else the browser's own. */
  lang: string | null;
  speed: number;
  /** The lesson on show (`lesson=<id>`), and its step (0-based). */
  lesson: string | null;
  step: number;
  /** A lesson of an instructor's own carried by the link (`lessonFile=`, its encoded file;
   * src/ui/lessons/file), if valid: `lesson` is then its id. */
  lessonFile: string | null;
  /** A/B comparison: B's overrides of A (`b.key=value`) and the branch time. */
  compare: boolean;
  bOverrides: string;
  branchAt: number | null;
  page: Page;
  /** The switch output port the buffer views show (`port=sw2-sw3`), networks only. */
  port: string | null;
  /** A shared challenge (`challenge=`, its encoded value; src/ui/challenges), if valid. */
  challenge: string | null;
  /** The time cursor (`t=2.5`): the instant the run goes to and shows, paused, in seconds. */
  cursor: number | null;
  /** The time plots' zoom (`zoom=1.2,3.5`), seconds. */
  zoom: [number, number] | null;
  /** The drop in the inspector (`drop=0.4628,1`): its time in seconds and its VC. */
  drop: { t: number; vc: number } | null;
  /** The sweep panel is open (`sweep=1`), with the settings it last reported (its own keys,
   * `sweep.param=…`, are read by the panel: src/ui/sweep/urlState.ts). */
  sweep: boolean;
  sweepSettings: SweepSettings | null;
  /** The live class (src/ui/class): a student in room `join=CODE` (`join=`: the join page,
   * room null), the projector
   * (`class=host`, its `room=CODE` once opened), the results page (`class=results`) or the
   * list of this browser's classes (`class=rooms`). */
  classroom: { role: 'student' | 'host' | 'results' | 'rooms'; room: string | null } | null;
}

/** How a navigation meets the history: 'push' adds an entry (Back returns to it), 'replace'
 * rewrites the current one, 'coalesce' pushes unless the last push was a moment ago. */
export type NavMode = 'push' | 'replace' | 'coalesce';

type Row<K extends keyof NavState> = LinkField<NavState[K], NavState>;
type Reading = LinkReading<NavState>;

/** Keys of the B side of an A/B comparison (`b.policy=sd`). */
export const B_PREFIX = 'b.';
/** The sweep panel's keys: `sweep=1` and its settings `sweep.param=…` (src/ui/sweep/urlState.ts). */
export const SWEEP_KEY = 'sweep';
export const SWEEP_PREFIX = 'sweep.';

/** A room code as a link may spell it (the class server checks it is one of its rooms). */
const ROOM = /^[A-Za-z0-9]{4,6}$/;

function room(link: Reading, k: 'join' | 'room'): string | null {
  const v = link.get(k);
  if (v === null) return null;
  if (ROOM.test(v.trim())) return v.trim().toUpperCase();
  link.warn(k, `${k}: ${quoteValue(v)} is not a room code (4 to 6 letters and digits); ignored`);
  return null;
}

function readBase(link: Reading): string | null {
  let base = link.catalog.preset(link.preset) ?? null;
  const from = link.get('from');
  if (base === null && from !== null) {
    base = link.catalog.preset(from) ?? null;
    if (base === null) link.warn('from', `from: unknown preset ${quoteValue(from)}; ignored`);
  }
  // A scenario that is a preset's exactly is that preset, however the link spelled it.
  return base ?? link.catalog.exactPreset(link.query) ?? null;
}

function readLesson(link: Reading): string | null {
  // A lesson file in the link is the lesson on show.
  const file = link.field('lessonFile');
  if (file !== null) {
    const r = link.catalog.lessonFile(file);
    if ('id' in r) return r.id;
  }
  const v = link.get('lesson');
  // `story=1&step=N`, a guided tour's link, opens the lesson that replaced the preset's tour.
  const story = readFlag('story', link);
  if (v !== null) {
    if (link.catalog.lessonSteps(v) !== undefined) return v;
    const ids = link.catalog.lessonIds().join(', ');
    link.warn('lesson', `lesson: ${quoteValue(v)} is not a lesson (${ids}); ignored`);
  } else if (story) {
    const l = link.catalog.lessonForStory(link.field('base'));
    if (l) return l;
    link.warn(
      'story',
      'story: the guided tours became lessons, and this preset has none; open Lessons to pick one',
    );
  }
  return null;
}

function readStep(link: Reading): number {
  const v = link.get('step');
  let step = 0;
  if (v !== null) {
    const n = Math.floor(Number(v));
    if (Number.isFinite(n) && n >= 1) step = n - 1;
    else link.warn('step', `step: ${quoteValue(v)} is not a step number (1, 2, …); ignored`);
  }
  const lesson = link.field('lesson');
  const steps = lesson === null ? 0 : (link.catalog.lessonSteps(lesson) ?? 0);
  if (lesson !== null && step >= steps) {
    link.warn('step', `step: lesson ${lesson} has ${steps} steps; step 1 shown`);
    return 0;
  }
  return step;
}

function readZoom(link: Reading): NavState['zoom'] {
  const v = link.get('zoom');
  if (v === null) return null;
  const duration = link.scenario.duration;
  const [a, b, ...rest] = v.split(',');
  if (rest.length || !TIME.test(a ?? '') || !TIME.test(b ?? '') || !(Number(a) < Number(b)))
    link.warn(
      'zoom',
      `zoom: ${quoteValue(v)} is not a time range a,b in seconds with a < b; ignored`,
    );
  else if (Number(a) >= duration)
    link.warn('zoom', `zoom: ${v} starts after the run's end (${runEnd(duration)}); ignored`);
  else return [Number(a), Math.min(duration, Number(b))];
  return null;
}

function readDrop(link: Reading): NavState['drop'] {
  const v = link.get('drop');
  if (v === null) return null;
  const [t, vc, ...rest] = v.split(',');
  if (rest.length || !TIME.test(t ?? '') || !/^\d{1,5}$/.test(vc ?? ''))
    link.warn('drop', `drop: ${quoteValue(v)} is not a drop's time and VC (t,vc); ignored`);
  else if (Number(t) > link.scenario.duration)
    link.warn(
      'drop',
      `drop: ${v} is after the run's end (${runEnd(link.scenario.duration)}); ignored`,
    );
  else return { t: Number(t), vc: Number(vc) };
  return null;
}

function readClassroom(link: Reading): NavState['classroom'] {
  const c = link.get('class');
  if (c === 'host' || c === 'results') return { role: c, room: room(link, 'room') };
  if (c === 'rooms') return { role: c, room: null };
  if (c !== null)
    link.warn('class', `class: ${quoteValue(c)} is not host, results or rooms; ignored`);
  // `join` with no code (the students' address) or a code that is not one: the join page.
  const raw = link.get('join');
  if (raw === null) return null;
  return { role: 'student', room: raw.trim() === '' ? null : room(link, 'join') };
}

/** One value from a list of words, else null and a message. */
const oneOf =
  <T extends string>(key: string, words: readonly T[], what: string) =>
  (link: Reading): T | null => {
    const v = link.get(key);
    if (v === null) return null;
    const w = words.find((x) => x === v);
    if (w === undefined) link.warn(key, `${key}: ${quoteValue(v)} is not ${what}; ignored`);
    return w ?? null;
  };

/** A time in seconds within the run, or null and a message. */
function readCursor(link: Reading): number | null {
  const v = link.get('t');
  if (v === null) return null;
  const t = Number(v);
  if (!TIME.test(v)) link.warn('t', `t: ${quoteValue(v)} is not a time in seconds; ignored`);
  else if (t > link.scenario.duration)
    link.warn('t', `t: ${v} s is after the run's end (${runEnd(link.scenario.duration)}); ignored`);
  else return t;
  return null;
}

/**
 * The table, in the order a link writes the keys. Each field of NavState but the scenario
 * (`query`) has its row (the type says so).
 */
export const NAV_FIELDS: { readonly [K in Exclude<keyof NavState, 'query'>]: Row<K> } = {
  embed: flag('embed', false),
  presenter: flag('presenter', false),
  theme: {
    keys: ['theme'],
    history: false,
    default: null,
    read: oneOf('theme', ['light', 'dark'], 'light or dark'),
    write: (v) => (v === null ? [] : [`theme=${v}`]),
  },
  lang: {
    keys: ['lang'],
    history: false,
    default: null,
    read: (link) => {
      const v = link.get('lang');
      if (v === null) return null;
      const row = LOCALES.find((l) => l.code.toLowerCase() === v.trim().toLowerCase());
      if (!row)
        link.warn(
          'lang',
          `lang: ${quoteValue(v)} is not a language of the app (${LOCALES.map((l) => l.code).join(', ')}); ignored`,
        );
      return row?.code ?? null;
    },
    write: (v) => (v === null ? [] : [`lang=${v}`]),
  },
  speed: {
    keys: ['speed'],
    history: false,
    default: 1,
    read: (link) => {
      const v = link.get('speed');
      if (v === null) return 1;
      const s = v === 'max' ? Infinity : Number(v);
      if (s > 0) return s;
      link.warn('speed', `speed: ${quoteValue(v)} is not a positive number or max`);
      return 1;
    },
    write: (v) => (v === 1 ? [] : [`speed=${v === Infinity ? 'max' : v}`]),
  },
  lesson: {
    keys: ['lesson', 'story'],
    history: true,
    default: null,
    read: readLesson,
    fallback: readLesson,
    write: (v, w) => (v && !w.place.lessonFile ? [`lesson=${v}`] : []),
  },
  lessonFile: {
    keys: ['lessonFile'],
    history: true,
    default: null,
    read: (link) => {
      const v = link.get('lessonFile');
      if (v === null) return null;
      const r = link.catalog.lessonFile(v);
      if ('errors' in r) for (const e of r.errors) link.warn('lessonFile', e);
      return 'id' in r ? v.replace(/ /g, '+') : null;
    },
    write: (v, w) => (v !== null && w.place.lesson ? [`lessonFile=${v}`] : []),
  },
  step: {
    keys: ['step'],
    history: true,
    default: 0,
    read: readStep,
    write: (v, w) => (w.place.lesson ? [`step=${v + 1}`] : []),
  },
  page: {
    keys: ['page'],
    history: true,
    default: 'sim',
    read: (link) => {
      const page =
        oneOf('page', ['reproduce', 'teacher'], 'a page of the app (reproduce, teacher)')(link) ??
        'sim';
      return link.field('embed') ? 'sim' : page;
    },
    write: (v) => (v === 'sim' ? [] : [`page=${v}`]),
  },
  // The preset a changed scenario started from (the app's "⟨preset⟩ (modified)").
  base: {
    keys: ['from'],
    history: true,
    default: null,
    fallback: readBase,
    read: readBase,
    write: (v, w) => {
      const from = w.catalog.modifiedFrom(w.place.query, v);
      return from ? [`from=${from}`] : [];
    },
  },
  port: {
    keys: ['port'],
    history: false,
    default: null,
    read: (link) => {
      const v = link.get('port');
      if (v === null || /^[A-Za-z0-9_-]+$/.test(v)) return v;
      link.warn('port', `port: ${quoteValue(v)} is not a port name such as sw2-sw3; ignored`);
      return null;
    },
    write: (v, w) => (v && w.networked ? [`port=${v}`] : []),
  },
  challenge: {
    keys: ['challenge'],
    history: true,
    default: null,
    read: (link) => {
      const v = link.get('challenge');
      if (v === null) return null;
      const error = link.catalog.challengeError(v);
      if (error !== undefined) link.warn('challenge', error);
      return error === undefined ? v.replace(/ /g, '+') : null;
    },
    write: (v) => (v === null ? [] : [`challenge=${v}`]),
  },
  cursor: {
    keys: ['t'],
    history: false,
    default: null,
    perRun: true,
    read: readCursor,
    write: (v) => (v === null ? [] : [`t=${secs(v)}`]),
  },
  zoom: {
    keys: ['zoom'],
    history: false,
    default: null,
    perRun: true,
    read: readZoom,
    write: (v) => (v === null ? [] : [`zoom=${secs(v[0])},${secs(v[1])}`]),
  },
  drop: {
    keys: ['drop'],
    history: false,
    default: null,
    perRun: true,
    read: readDrop,
    write: (v) => (v === null ? [] : [`drop=${secs(v.t)},${v.vc}`]),
  },
  compare: flag('compare', true),
  bOverrides: {
    keys: [B_PREFIX],
    history: true,
    default: '',
    read: (link) =>
      link
        .prefixed(B_PREFIX)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
        .join('&'),
    write: (v, w) =>
      w.place.compare
        ? v
            .split('&')
            .filter(Boolean)
            .map((pair) => `${B_PREFIX}${pair}`)
        : [],
  },
  branchAt: {
    keys: ['branchAt'],
    history: true,
    default: null,
    read: (link) => {
      const v = link.get('branchAt');
      if (v === null) return null;
      const b = Number(v);
      if (v !== '' && Number.isFinite(b) && b >= 0) return b;
      link.warn('branchAt', `branchAt: ${quoteValue(v)} is not a time ≥ 0 s; ignored`);
      return null;
    },
    write: (v, w) => (w.place.compare && v !== null ? [`branchAt=${v}`] : []),
  },
  classroom: {
    keys: ['join', 'class', 'room'],
    history: true,
    default: null,
    read: readClassroom,
    write: (v) => {
      if (v?.role === 'student') return [`join=${v.room ?? ''}`];
      if (v) return [`class=${v.role}`, ...(v.room ? [`room=${v.room}`] : [])];
      return [];
    },
  },
  sweep: {
    keys: [SWEEP_KEY, SWEEP_PREFIX],
    history: true,
    default: false,
    read: (link) => link.catalog.sweepOpen(link.get(SWEEP_KEY)),
    write: (v, w) => {
      const s = w.catalog.sweepParams(v, w.place.sweepSettings);
      return s ? [s.slice(1)] : [];
    },
  },
  // The settings the sweep panel last reported: written with `sweep` (its keys are the panel's).
  sweepSettings: { keys: [], history: false, default: null, read: () => null, write: () => [] },
};
