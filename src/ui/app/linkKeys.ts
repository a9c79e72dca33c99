/**
 * The app's own keys in a scenario link: how the app presents a run, not the run itself. The
 * model's codec knows only scenario keys; whoever reads a whole app link (the app, the CLI's
 * `--url`) skips these with `parseAppLink`, so a link with them replays the same run anywhere.
 */
import type { ParsedScenario } from '../../sim';
import { parseScenario } from '../../sim';
import { SWEEP_KEY, SWEEP_PREFIX } from '../sweep/urlState';

export const UI_KEYS: readonly string[] = [
  'embed',
  'presenter',
  'theme',
  'speed',
  'story',
  'lesson',
  'step',
  'compare',
  'branchAt',
  'port',
  'page',
  // The preset a changed scenario started from (the app's "⟨preset⟩ (modified)").
  'from',
  // A challenge shared by an instructor (src/ui/challenges): the question and its check.
  'challenge',
  // The timeline: the time the run goes to and shows (the cursor), the time plots' zoom, and
  // the drop in the inspector (its time and VC).
  't',
  'zoom',
  'drop',
];

/** The live class's keys (src/ui/class): a student's `join=CODE`; `class=host|results` and
 * `room=CODE`. The page's, never the model's: a link with them replays the same run anywhere. */
export const CLASS_KEYS: readonly string[] = ['join', 'class', 'room'];

/** Keys of the B side of an A/B comparison (`b.policy=sd`). */
export const B_PREFIX = 'b.';

/** True for a key of the app: UI_KEYS, a `b.` key of Compare's B side, or the sweep panel's
 * `sweep` and `sweep.…` (src/ui/sweep/urlState.ts). */
export const isAppKey = (key: string): boolean =>
  UI_KEYS.includes(key) ||
  CLASS_KEYS.includes(key) ||
  key.startsWith(B_PREFIX) ||
  key === SWEEP_KEY ||
  key.startsWith(SWEEP_PREFIX);

/** The scenario of a whole app link: its scenario keys, the app's keys skipped. */
export const parseAppLink = (link: string): ParsedScenario =>
  parseScenario(link, { ignoreKey: isAppKey });
