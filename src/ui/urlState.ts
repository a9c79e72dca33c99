/**
 * The app's place, as the address bar holds it: the scenario (model keys) and the app's keys
 * (how the app shows it: page, lesson step, comparison, theme, ...), read and written with the
 * table of link keys (src/link/keys.ts) and the app's catalogue of what their values name
 * (presets, lessons, challenges, the sweep panel). `readNav` parses a query string into a
 * NavState and says which keys it could not use; `navQuery` writes one back. The app keeps one
 * NavState, pushes a history entry for each navigation (a preset, a lesson step, a page) and
 * reads the URL again on Back and Forward (useNav.ts).
 */
import type { LinkCatalog, NavState, ReadLink } from '../link';
import { SWEEP_KEY, readLink, writeLink } from '../link';
import { FIRST_PRESET, exactPreset, findPreset, presetState } from './presets';
import { decodeChallenge } from './challenges/challenge';
import { readSweepUrl, sweepParams } from './sweep/urlState';
import { LESSONS, lessonById, lessonForStory } from './lessons/lessons';
import { decodeLessonLink } from './lessons/file/link';
import { keepLesson } from './lessons/file/loaded';

export type { NavState, Page } from '../link';

let lastFile: { value: string; read: { id: string } | { errors: string[] } } | null = null;

/** What the app's keys name: the presets, lessons, challenges and the sweep panel's settings. */
const CATALOG: LinkCatalog = {
  firstPreset: FIRST_PRESET,
  preset: (name) => findPreset(name)?.name,
  exactPreset: (query) => exactPreset(query)?.name,
  modifiedFrom: (query, base) => {
    const { preset, modified } = presetState(query, base);
    return preset && modified ? preset.name : undefined;
  },
  lessonIds: () => LESSONS.map((l) => l.id),
  lessonSteps: (id) => lessonById(id)?.steps.length,
  lessonForStory: (base) => lessonForStory(base)?.id,
  lessonFile: (value) => {
    // A link is read field by field: the same value is decoded once.
    if (lastFile?.value !== value) {
      const d = decodeLessonLink(value);
      if ('lesson' in d) keepLesson(d.lesson);
      lastFile = { value, read: 'errors' in d ? d : { id: d.lesson.id } };
    }
    return lastFile.read;
  },
  challengeError: (value) => {
    const d = decodeChallenge(value);
    return 'error' in d ? d.error : undefined;
  },
  sweepOpen: (value) =>
    value !== null && readSweepUrl(new URLSearchParams([[SWEEP_KEY, value]])).open,
  sweepParams,
};

/** Parses `search` (with or without "?"). A bare URL opens the first-visit preset. */
export const readNav = (search: string): ReadLink => readLink(search, CATALOG);

/** The query string (no "?") that reopens `nav`. `networked`: the port key applies. */
export const navQuery = (nav: NavState, networked: boolean): string =>
  writeLink(nav, networked, CATALOG);
