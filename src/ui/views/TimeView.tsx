import type { ViewProps } from './chartParts';
import type { LegendView } from './legend';
import { ViewLegend } from './ViewLegend';
import type { ChartSpec } from './TimeChart';
import { TimeChart } from './TimeChart';

/** A view over time: its chart (test id `view-<kind>`) and, under it, its legend. */
export function TimeView(p: ViewProps & { spec: ChartSpec; label: string; kind: LegendView }) {
  const { store, view, kind } = p;
  return (
    <>
      <TimeChart
        {...{ store, view }}
        spec={p.spec}
        height={p.height}
        label={p.label}
        describedBy={p.describedBy}
        testId={`view-${kind}`}
      />
      <ViewLegend store={store} view={view} kind={kind} />
    </>
  );
}
