import { memo, useSyncExternalStore } from 'react';
import type { RunStore } from '../data/runStore';
import type { LegendItem, LegendMark, LegendView } from './legend';
import { legendItems, runLegendContext } from './legend';
import type { ReasonShape } from './palette';
import { SHAPE_PATHS } from './palette';
import type { ViewState } from './viewState';

/** A 16×10 glyph of a legend mark. */
function Glyph({ mark, color, form }: { mark: LegendMark; color: string; form?: ReasonShape }) {
  const common = { stroke: color, strokeWidth: 2, fill: 'none' };
  let shape;
  switch (mark) {
    case 'swatch':
      shape = <rect x={3} y={0} width={10} height={10} rx={1.5} fill={color} />;
      break;
    case 'hollow':
      shape = <rect x={4} y={1} width={8} height={8} {...common} strokeWidth={1.6} />;
      break;
    case 'line':
      shape = <line x1={0} x2={16} y1={5} y2={5} {...common} />;
      break;
    case 'dashed':
      shape = <line x1={0} x2={16} y1={5} y2={5} {...common} strokeDasharray="4 3" />;
      break;
    case 'dotted':
      shape = <line x1={8} x2={8} y1={0} y2={10} {...common} strokeDasharray="2 2" />;
      break;
    case 'tick':
      shape = <line x1={8} x2={8} y1={1} y2={9} {...common} />;
      break;
    case 'cross':
      shape = <path d="M4 1 L12 9 M12 1 L4 9" {...common} />;
      break;
    case 'triangle':
      shape = <path d="M8 1 L13 9 L3 9 Z" fill={color} />;
      break;
    case 'shape':
      shape = (
        <path
          d={SHAPE_PATHS[form ?? 'square']}
          transform="translate(8 5) scale(0.9)"
          fill={color}
        />
      );
      break;
    case 'band':
      shape = (
        <>
          <rect x={2} y={0} width={12} height={10} fill={color} opacity={0.25} />
          <rect x={2} y={0} width={12} height={2.5} fill={color} />
        </>
      );
      break;
  }
  return (
    <svg className="legend-glyph" width={16} height={10} viewBox="0 0 16 10" aria-hidden="true">
      {shape}
    </svg>
  );
}

/** A compact, one-line legend of legend items. */
export function LegendRow({ items, label }: { items: LegendItem[]; label: string }) {
  if (items.length === 0) return null;
  return (
    <ul className="legend view-legend" aria-label={label}>
      {items.map((it, i) => (
        <li key={`${it.label}-${i}`} className="legend-item" data-mark={it.mark}>
          <Glyph mark={it.mark} color={it.color} form={it.shape} />
          {it.label}
        </li>
      ))}
    </ul>
  );
}

/** The legend of a view of the run: follows the theme, the run and what it has drawn (a few
 * times a second while the run plays; not with every render of the view beside it). */
export const ViewLegend = memo(function ViewLegend({
  store,
  view,
  kind,
}: {
  store: RunStore;
  view: ViewState;
  kind: LegendView;
}) {
  useSyncExternalStore(store.subscribeSlow, store.getVersion);
  const v = useSyncExternalStore(view.subscribe, view.get);
  const ctx = {
    ...runLegendContext(store, kind, v.dark, v.selectedConn),
    cursor: v.cursor !== null,
  };
  const items = legendItems(kind, store.info, ctx);
  return (
    <div data-testid={`legend-${kind}`}>
      <LegendRow items={items} label="Legend" />
    </div>
  );
});
