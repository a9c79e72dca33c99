/**
 * The app's place, as the address bar holds it: the scenario (model keys) and the presentation
 * keys (how the app shows it: page, tour step, comparison, theme, ...). `readNav` parses a query
 * string into a NavState and says which keys it could not use; `navQuery` writes one back. The
 * app keeps one NavState, pushes a history entry for each navigation (a preset, a tour step, a
 * page) and reads the URL again on Back and Forward (useNav.ts).
 */
import type { ScenarioIssue } from '../../sim';
import { B_PREFIX, PRESENTATION_KEYS, parseScenario, quoteValue, toQuery } from '../../sim';
import { FIRST_PRESET, findPreset, presetState } from '../presets';
import { LESSONS, lessonById, lessonForStory } from '../lessons/lessons';

/** Pages other than the simulation. */
export type Page = 'sim' | 'reproduce';

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
  if (view.page === 'reproduce') page = 'reproduce';
  else if (view.page !== null)
    warn('page', `page: ${quoteValue(view.page)} is not a page of the app (reproduce); ignored`);
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
  const embed = flag('embed');
  return {
    nav: {
      query: toQuery(scenario),
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
    },
    issues,
  };
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
  if (nav.compare) {
    p.push('compare=1');
    for (const pair of nav.bOverrides.split('&').filter(Boolean)) p.push(`${B_PREFIX}${pair}`);
    if (nav.branchAt !== null) p.push(`branchAt=${nav.branchAt}`);
  }
  return p.length ? `${nav.query}&${p.join('&')}` : nav.query;
}
