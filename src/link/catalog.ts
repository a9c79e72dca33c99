/**
 * What a link's values name beyond the model: the app's presets, lessons and challenges and
 * the sweep panel's settings. The page hands its catalogue to the link's reader and writer
 * (src/ui/urlState.ts), so the table of keys (keys.ts) stays below the UI.
 */
import type { Scenario } from '../sim';
import type { MetricKey, SeriesKey } from '../sweep';

/** What the sweep panel's form holds (strings as typed, so a half-typed value survives). */
export interface SweepSettings {
  param: keyof Scenario;
  from: string;
  to: string;
  step: string;
  seriesKey: SeriesKey;
  /** Policies (seriesKey 'policy') or TCP variants ('tcp'). */
  series: string[];
  metrics: MetricKey[];
  seeds: string;
  /** Duration of each run, s; null: the scenario's. */
  duration: string | null;
}

export interface LinkCatalog {
  /** The preset a bare link opens. */
  firstPreset: string;
  /** The preset named `name` as the app spells it, if there is one. */
  preset(name: string | null): string | undefined;
  /** The preset whose scenario `query` is exactly. */
  exactPreset(query: string): string | undefined;
  /** The preset a changed scenario started from, when `query` is not a preset's exactly. */
  modifiedFrom(query: string, base: string | null): string | undefined;
  /** The lessons' ids, and the steps of one. */
  lessonIds(): readonly string[];
  lessonSteps(id: string): number | undefined;
  /** The lesson an encoded lesson file holds (its id, kept for `lessonSteps`), or why it
   * cannot be used (each error names the key and the file's field). */
  lessonFile(value: string): { id: string } | { errors: string[] };
  /** The lesson that replaced a preset's guided tour (`story=1`). */
  lessonForStory(base: string | null): string | undefined;
  /** Why an encoded challenge cannot be used, or undefined when it can. */
  challengeError(value: string): string | undefined;
  /** The sweep panel is open, as the panel reads its `sweep=` key (null: absent). */
  sweepOpen(value: string | null): boolean;
  /** `&sweep=1&sweep.param=…` for an open panel ('' when closed). */
  sweepParams(open: boolean, settings: SweepSettings | null): string;
}
