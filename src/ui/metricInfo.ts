import { sourceWord } from '../i18n/sourceWords';
import type { MetricDef, MetricKey, Metrics, Scenario } from '../sim';
import { METRICS, metricsWith, noiseBetween } from '../sim';
import type { Better } from '../sim/metrics/table';

export type { Better };

/** A metric the panel, Compare and the challenges show, in the table's words: label,
 * direction, definition, format and any second figure (METRICS, sim/metrics/table.ts). */
export interface MetricInfo {
  key: MetricKey;
  /** Its name in the page's language (read when shown: the catalog's, else the English). */
  readonly label: string;
  /** Its name as the model's table writes it. */
  englishLabel: string;
  better: Better;
  help: string;
  format: (v: number) => string;
  /** A second figure under the value, from the other metrics (e.g. the worst connection's). */
  detail?: (m: Metrics) => string;
}

/** A metric's name in the catalogs (src/locales): `metric.<key>` (scripts/metricMessages.ts). */
export const metricMessageId = (key: string) => `metric.${key}`;

/** The metrics the panel, Compare and the challenges show, in the table's order for them. */
export const METRIC_INFO: MetricInfo[] = metricsWith('panel').flatMap((key) => {
  const m = METRICS[key];
  if (!m.panel) return [];
  const { format, detail } = m.panel;
  return [
    {
      key,
      get label() {
        return sourceWord(metricMessageId(key), m.label);
      },
      englishLabel: m.label,
      better: m.better,
      help: m.definition,
      format,
      ...(detail && { detail }),
    },
  ];
});

/** What a readout of a metric says while an open question hides it (ViewSnapshot.hiddenMetrics). */
export const HIDDEN_VALUE = 'Hidden';
/** The same, in full, for a screen reader and a tooltip. */
export const HIDDEN_WHY = 'hidden until the question is answered';

/** Whether the panel shows metric `key` for `scenario`: the ones that only mean something in
 * some scenarios are hidden elsewhere. */
export function metricShown(key: string, s: Scenario | undefined): boolean {
  if (!s) return true;
  if (key === 'clrClp0' || key === 'clrClp1') return s.gfr || s.tagged.some(Boolean);
  if (key === 'weightedFairness') return s.mcr.some((m) => m > 0) || s.policy === 'fifo-thresholds';
  return true;
}

/** B − A judged by the metric's direction: B better, worse, the same, no direction, or
 * (given the metric's run-to-run noise, see METRICS) a difference within that noise. */
export function verdictOf(
  better: Better,
  a: number,
  b: number,
  noise?: MetricDef['noise'],
): 'better' | 'worse' | 'same' | 'noise' | 'neutral' | 'none' {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return 'none';
  if (a === b) return 'same';
  if (better === null) return 'neutral';
  if (noise && Math.abs(b - a) <= noiseBetween(noise, a, b)) return 'noise';
  return b > a === (better === 'higher') ? 'better' : 'worse';
}

/** How a metric is asked on a scale: its value times `factor`, in `unit`, on min..max. */
export interface MetricScale {
  factor: number;
  unit: string;
  min: number;
  max: number;
  step: number;
}

/** A metric's scale for a question: a ratio in per cent, the others in their own unit. */
export function metricScale(key: MetricKey): MetricScale {
  const u = METRICS[key].unit;
  if (u === 'ratio') return { factor: 100, unit: '%', min: 0, max: 100, step: 1 };
  if (u === 'Mbit/s') return { factor: 1, unit: 'Mbit/s', min: 0, max: 160, step: 1 };
  if (u === 's') return { factor: 1, unit: 's', min: 0, max: 60, step: 0.5 };
  return { factor: 1, unit: '', min: 0, max: 100, step: 1 };
}

/** A metric of the run read on its scale (two decimals), or null (no figure yet). */
export function metricOnScale(key: MetricKey, metrics: Metrics | null): number | null {
  const v = metrics?.[key];
  if (typeof v !== 'number' || !Number.isFinite(v)) return null;
  return Math.round(v * metricScale(key).factor * 100) / 100;
}
