import { useState } from 'react';
import type { SweepResult } from '../../sweep';
import type { PublishedPoint } from '../../reproduce/published';
import { baseScenario, specOf, sweepStatus } from '../../sweep';
import type { LegendItem } from '../export/frame';
import { download, viewToPng, viewToSvg } from '../export/image';
import { metricLabel } from './labels';
import { settingsOf, sweepParams } from './urlState';

/** The link that reopens `result`'s sweep: the page with its base scenario and sweep keys. */
export function sweepLink(
  result: SweepResult,
  loc: { origin: string; pathname: string } = window.location,
): string {
  const spec = specOf(result);
  const settings = settingsOf(spec, baseScenario(spec.base).duration);
  return `${loc.origin}${loc.pathname}?${spec.base}${sweepParams(true, settings)}`;
}

/** The title, legend and caption of a sweep's exported image. */
export function sweepImageMeta(
  result: SweepResult,
  published: readonly PublishedPoint[],
  colorOf: (i: number) => string,
  link = sweepLink(result),
): { title: string; legend: LegendItem[]; caption: string; description: string } {
  const p = result.param;
  const unit = p.unit ? ` ${p.unit}` : '';
  const legend: LegendItem[] = result.series.values.map((s, i) => ({
    label: `${result.series.key} ${s}`,
    color: colorOf(i),
  }));
  if (result.seeds.length > 1) legend.push({ label: 'band: min–max over seeds', color: '#bbbbbb' });
  const sources = [...new Map(published.map((q) => [q.label, q.source.citation])).entries()];
  for (const [label, citation] of sources)
    legend.push({ label: `${label} (◆ value, ▲▼ bound): ${citation}`, color: '#555555' });
  const values = p.values.length > 1 ? `${p.values[0]}…${p.values[p.values.length - 1]}` : p.values;
  const caption =
    `Base scenario ?${result.base.query}${result.base.preset ? ` (preset ${result.base.preset})` : ''}. ` +
    `${p.key} = ${values}${unit} (${p.values.length} values); seeds ${result.seeds.join(', ')}; ` +
    `mean over seeds. Run ${sweepStatus(result)}. Reopen the sweep: ${link}`;
  return {
    title: `TCP-over-ATM Lab sweep: ${result.metrics.map((m) => metricLabel(m).name).join(', ')} against ${p.label}`,
    legend,
    caption,
    description: caption,
  };
}

export interface SweepImageExportProps {
  result: SweepResult;
  published: readonly PublishedPoint[];
  /** The element holding the plots. */
  getRoot: () => HTMLElement | null;
  disabled?: boolean;
  /** Receives each file instead of downloading it (tests). */
  onExport?: (file: { name: string; mime: string; data: Blob | string }) => void;
}

/** "Download PNG", "Download SVG" of the sweep's plots (with title, legend and caption), and
 * the link that reopens the sweep. */
export function SweepImageExport({
  result,
  published,
  getRoot,
  disabled,
  onExport,
}: SweepImageExportProps) {
  const [error, setError] = useState<string | null>(null);
  const link = sweepLink(result);
  const save = async (format: 'png' | 'svg') => {
    setError(null);
    try {
      const root = getRoot();
      if (!root) throw new Error('the plots are not on the page');
      const css = getComputedStyle(root);
      const meta = sweepImageMeta(
        result,
        published,
        (i) => css.getPropertyValue(`--sweep-s${i % 7}`).trim() || '#0072b2',
        link,
      );
      const name = `sweep-${result.param.key}.${format}`;
      const file =
        format === 'svg'
          ? { name, mime: 'image/svg+xml', data: viewToSvg(root, meta) as Blob | string }
          : { name, mime: 'image/png', data: await viewToPng(root, 2, meta) };
      if (onExport) onExport(file);
      else download(file.name, file.data, file.mime);
    } catch (e) {
      setError(`Export failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  return (
    <>
      <button type="button" onClick={() => void save('png')} disabled={disabled}>
        Download PNG
      </button>
      <button type="button" onClick={() => void save('svg')} disabled={disabled}>
        Download SVG
      </button>
      <a href={link} className="sweep-link" data-testid="sweep-link">
        Link to this sweep
      </a>
      {error && (
        <span className="sweep-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
