/**
 * The app's place, as the address bar holds it: the scenario (model keys) and the presentation
 * keys (how the app shows it: page, tour step, comparison, theme, ...). `readNav` parses a query
 * string into a NavState and says which keys it could not use; `navQuery` writes one back. The
 * app keeps one NavState, pushes a history entry for each navigation (a preset, a tour step, a
 * page) and reads the URL again on Back and Forward (useNav.ts).
 */
import type { ScenarioIssue } from '../sim';
import { parseScenario, quoteValue, toQuery } from '../sim';
import { B_PREFIX, CLASS_KEYS, UI_KEYS as PRESENTATION_KEYS } from './app/linkKeys';
import { FIRST_PRESET, exactPreset, findPreset, presetState } from './presets';
import { decodeChallenge } from './challenges/challenge';
import type { SweepSettings } from './sweep/urlState';
import { readSweepUrl, stripSweepParams, sweepParams } from './sweep/urlState';
import { LESSONS, lessonById, lessonForStory } from './lessons/lessons';

/** Pages other than the simulation. */
export type Page = 'sim' | 'reproduce' | 'teacher';

export interface NavState {
  /** The scenario, normalised (toQuery). */
  query: string;
  /** The preset the scenario started from (`preset=` or `from=`), if any. */
  base: string | null;
  embed: boolean;
  presenter: boolean;
  /** Set in the URL (else the system's preference). */
  theme: 'light' | 'dark' | null;
  speed: number;
  /** The lesson on show (`lesson=<id>`), and its step (0-based). */
  lesson: string | null;
  step: number;
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
  /** The live class (src/ui/class): a student in room `join=CODE`, the projector
   * (`class=host`, its `room=CODE` once opened) or the results page (`class=results`). */
  classroom: { role: 'student' | 'host' | 'results'; room: string | null } | null;
}

export interface ReadNav {
  nav: NavState;
  issues: ScenarioIssue[];
}

/** Parses `search` (with or without "?"). A bare URL opens the first-visit preset. */
export function readNav(search: string): ReadNav {
  const params = new URLSearchParams(search);
  const bPairs: string[] = [];
  for (const [k, v] of [...params]) {
    if (k.startsWith(B_PREFIX)) {
      bPairs.push(`${encodeURIComponent(k.slice(B_PREFIX.length))}=${encodeURIComponent(v)}`);
      params.delete(k);
    }
  }
  const sweepOpen = readSweepUrl(params).open;
  stripSweepParams(params);
  // The live class's keys (src/ui/class): the page's, never the model's or the CLI's.
  const classKeys: Record<string, string | null> = {};
  for (const k of CLASS_KEYS) {
    classKeys[k] = params.get(k);
    params.delete(k);
  }
  const view: Record<string, string | null> = {};
  for (const k of PRESENTATION_KEYS) {
    view[k] = params.get(k);
    params.delete(k);
  }
  if ([...params.keys()].length === 0) params.set('preset', FIRST_PRESET);
  const { scenario, errors } = parseScenario(params.toString());
  const issues: ScenarioIssue[] = [...errors];
  const warn = (key: string, message: string) => issues.push({ key, message });

  let base = findPreset(params.get('preset'))?.name ?? null;
  if (base === null && view.from !== null) {
    base = findPreset(view.from)?.name ?? null;
    if (base === null) warn('from', `from: unknown preset ${quoteValue(view.from)}; ignored`);
  }
  const query = toQuery(scenario);
  // A scenario that is a preset's exactly is that preset, however the link spelled it.
  base ??= exactPreset(query)?.name ?? null;
  const flag = (k: string) => {
    const v = view[k];
    if (v === null) return false;
    if (v === '1' || v === 'true' || v === '') return true;
    if (v !== '0' && v !== 'false') warn(k, `${k}: ${quoteValue(v)} is not 1 or 0; ignored`);
    return false;
  };
  let theme: NavState['theme'] = null;
  if (view.theme === 'light' || view.theme === 'dark') theme = view.theme;
  else if (view.theme !== null)
    warn('theme', `theme: ${quoteValue(view.theme)} is not light or dark; ignored`);
  let page: Page = 'sim';
  if (view.page === 'reproduce' || view.page === 'teacher') page = view.page;
  else if (view.page !== null)
    warn(
      'page',
      `page: ${quoteValue(view.page)} is not a page of the app (reproduce, teacher); ignored`,
    );
  let challenge: string | null = null;
  if (view.challenge !== null) {
    const d = decodeChallenge(view.challenge);
    if ('error' in d) warn('challenge', d.error);
    else challenge = view.challenge.replace(/ /g, '+');
  }
  let port: string | null = null;
  if (view.port !== null) {
    if (/^[A-Za-z0-9_-]+$/.test(view.port)) port = view.port;
    else warn('port', `port: ${quoteValue(view.port)} is not a port name such as sw2-sw3; ignored`);
  }
  let speed = 1;
  if (view.speed !== null) {
    const s = view.speed === 'max' ? Infinity : Number(view.speed);
    if (s > 0) speed = s;
    else warn('speed', `speed: ${quoteValue(view.speed)} is not a positive number or max`);
  }
  let branchAt: number | null = null;
  if (view.branchAt !== null) {
    const b = Number(view.branchAt);
    if (view.branchAt !== '' && Number.isFinite(b) && b >= 0) branchAt = b;
    else warn('branchAt', `branchAt: ${quoteValue(view.branchAt)} is not a time ≥ 0 s; ignored`);
  }
  let step = 0;
  if (view.step !== null) {
    const n = Math.floor(Number(view.step));
    if (Number.isFinite(n) && n >= 1) step = n - 1;
    else warn('step', `step: ${quoteValue(view.step)} is not a step number (1, 2, …); ignored`);
  }
  // Old guided-tour links (`story=1&step=N`) open the lesson that replaced the preset's tour.
  let lesson: string | null = null;
  const story = flag('story');
  if (view.lesson !== null) {
    if (lessonById(view.lesson)) lesson = view.lesson;
    else
      warn(
        'lesson',
        `lesson: ${quoteValue(view.lesson)} is not a lesson (${LESSONS.map((l) => l.id).join(', ')}); ignored`,
      );
  } else if (story) {
    const l = lessonForStory(base);
    if (l) lesson = l.id;
    else
      warn(
        'story',
        'story: the guided tours became lessons, and this preset has none; open Lessons to pick one',
      );
  }
  if (lesson !== null && step >= (lessonById(lesson)?.steps.length ?? 0)) {
    warn(
      'step',
      `step: lesson ${lesson} has ${lessonById(lesson)?.steps.length} steps; step 1 shown`,
    );
    step = 0;
  }
  const time = parseTimeKeys(view, scenario.duration, warn);
  const classroom = parseClassKeys(classKeys, warn);
  const embed = flag('embed');
  return {
    nav: {
      query,
      base,
      embed,
      presenter: flag('presenter'),
      theme,
      speed,
      lesson,
      step,
      compare: flag('compare'),
      bOverrides: bPairs.join('&'),
      branchAt,
      page: embed ? 'sim' : page,
      port,
      challenge,
      ...time,
      sweep: sweepOpen,
      sweepSettings: null,
      classroom,
    },
    issues,
  };
}

/** A room code as a link may spell it (the class server checks it is one of its rooms). */
const ROOM = /^[A-Za-z0-9]{4,6}$/;

/** The live class's keys: `join=CODE`, or `class=host|results` with `room=CODE`. */
function parseClassKeys(
  view: Record<string, string | null>,
  warn: (key: string, message: string) => void,
): NavState['classroom'] {
  const room = (k: 'join' | 'room') => {
    const v = view[k];
    if (v === null) return null;
    if (ROOM.test(v.trim())) return v.trim().toUpperCase();
    warn(k, `${k}: ${quoteValue(v)} is not a room code (4 to 6 letters and digits); ignored`);
    return null;
  };
  const c = view.class;
  if (c === 'host' || c === 'results') return { role: c, room: room('room') };
  if (c !== null) warn('class', `class: ${quoteValue(c)} is not host or results; ignored`);
  const join = room('join');
  return join ? { role: 'student', room: join } : null;
}

/** A time in seconds as the URL holds it: plain decimals, no exponent or sign. */
const TIME = /^\d+(\.\d+)?$|^\.\d+$/;

/** The timeline keys `t`, `zoom` and `drop` (each ignored, with a message, when unusable). */
function parseTimeKeys(
  view: Record<string, string | null>,
  duration: number,
  warn: (key: string, message: string) => void,
): Pick<NavState, 'cursor' | 'zoom' | 'drop'> {
  const end = `${+duration.toFixed(6)} s`;
  let cursor: number | null = null;
  if (view.t !== null) {
    const t = Number(view.t);
    if (!TIME.test(view.t)) warn('t', `t: ${quoteValue(view.t)} is not a time in seconds; ignored`);
    else if (t > duration) warn('t', `t: ${view.t} s is after the run's end (${end}); ignored`);
    else cursor = t;
  }
  let zoom: [number, number] | null = null;
  if (view.zoom !== null) {
    const [a, b, ...rest] = view.zoom.split(',');
    if (rest.length || !TIME.test(a ?? '') || !TIME.test(b ?? '') || !(Number(a) < Number(b)))
      warn(
        'zoom',
        `zoom: ${quoteValue(view.zoom)} is not a time range a,b in seconds with a < b; ignored`,
      );
    else if (Number(a) >= duration)
      warn('zoom', `zoom: ${view.zoom} starts after the run's end (${end}); ignored`);
    else zoom = [Number(a), Math.min(duration, Number(b))];
  }
  let drop: NavState['drop'] = null;
  if (view.drop !== null) {
    const [t, vc, ...rest] = view.drop.split(',');
    if (rest.length || !TIME.test(t ?? '') || !/^\d{1,5}$/.test(vc ?? ''))
      warn('drop', `drop: ${quoteValue(view.drop)} is not a drop's time and VC (t,vc); ignored`);
    else if (Number(t) > duration)
      warn('drop', `drop: ${view.drop} is after the run's end (${end}); ignored`);
    else drop = { t: Number(t), vc: Number(vc) };
  }
  return { cursor, zoom, drop };
}

/** Seconds for a link, exactly (it reads back as the same number): plain decimals. */
function secs(t: number): string {
  const s = String(t);
  return /e/i.test(s) ? t.toFixed(100).replace(/\.?0+$/, '') : s;
}

/** The query string (no "?") that reopens `nav`. `networked`: the port key applies. */
export function navQuery(nav: NavState, networked: boolean): string {
  const p: string[] = [];
  if (nav.embed) p.push('embed=1');
  if (nav.presenter) p.push('presenter=1');
  if (nav.theme !== null) p.push(`theme=${nav.theme}`);
  if (nav.speed !== 1) p.push(`speed=${nav.speed === Infinity ? 'max' : nav.speed}`);
  if (nav.lesson) p.push(`lesson=${nav.lesson}&step=${nav.step + 1}`);
  if (nav.page !== 'sim') p.push(`page=${nav.page}`);
  const { preset, modified } = presetState(nav.query, nav.base);
  if (preset && modified) p.push(`from=${preset.name}`);
  if (nav.port && networked) p.push(`port=${nav.port}`);
  if (nav.challenge !== null) p.push(`challenge=${nav.challenge}`);
  if (nav.cursor !== null) p.push(`t=${secs(nav.cursor)}`);
  if (nav.zoom !== null) p.push(`zoom=${secs(nav.zoom[0])},${secs(nav.zoom[1])}`);
  if (nav.drop !== null) p.push(`drop=${secs(nav.drop.t)},${nav.drop.vc}`);
  if (nav.compare) {
    p.push('compare=1');
    for (const pair of nav.bOverrides.split('&').filter(Boolean)) p.push(`${B_PREFIX}${pair}`);
    if (nav.branchAt !== null) p.push(`branchAt=${nav.branchAt}`);
  }
  const cr = nav.classroom;
  if (cr?.role === 'student' && cr.room) p.push(`join=${cr.room}`);
  else if (cr && cr.role !== 'student')
    p.push(`class=${cr.role}${cr.room ? `&room=${cr.room}` : ''}`);
  const q = p.length ? `${nav.query}&${p.join('&')}` : nav.query;
  return q + sweepParams(nav.sweep, nav.sweepSettings);
}
