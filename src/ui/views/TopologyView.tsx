import { useEffect, useRef, useSyncExternalStore } from 'react';
import { scaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import { METRICS } from '../../sim';
import type { RunStore } from '../data/runStore';
import type { TopologyInfo } from '../../worker/protocol';
import { seriesColor } from './palette';
import { useRedraw, useWidth } from './useRedraw';
import type { ViewState } from './viewState';

const FLASH_MS = 700;
const SW_W = 44;
const SW_H = 30;
const PORT_W = 14;
const PORT_H = 30;

/** Link colour by utilisation: idle grey through amber to red at a saturated link. */
const utilColor = scaleLinear<string>()
  .domain([0, 0.5, 0.9, 1])
  .range(['#b9bcc4', '#e6b422', '#e8710a', '#c62828'])
  .clamp(true);

/** Port fill by occupancy X/K. */
const occColor = scaleLinear<string>()
  .domain([0, 0.5, 1])
  .range(['#7cb7e8', '#e8a33c', '#c62828'])
  .clamp(true);

interface Layout {
  height: number;
  hostY: number[];
  hostX: number;
  rxX: number;
  midY: number;
  swX: number[];
  /** Port i: its box's left x, and the x where its link ends. */
  portX: number[];
  linkEnd: number[];
}

function layout(topo: TopologyInfo, width: number, nVc: number, big: number): Layout {
  const nSw = topo.ports.length;
  const rowH = Math.max(14, Math.min(22, 120 / Math.max(1, nVc))) * big;
  const height = Math.max(110 * big, nVc * rowH + 36);
  const midY = height / 2 - 4;
  const hostX = 22;
  const rxX = width - 26;
  const left = hostX + 48;
  const right = rxX - 56;
  const step = nSw > 1 ? (right - left - SW_W - PORT_W) / (nSw - 1) : 0;
  const swX = topo.ports.map((_, i) => left + i * step);
  const portX = swX.map((x) => x + SW_W);
  const linkEnd = topo.ports.map((_, i) => (i + 1 < nSw ? swX[i + 1] : rxX - 8));
  const top = midY - ((nVc - 1) * rowH) / 2;
  const hostY = Array.from({ length: nVc }, (_, v) => top + v * rowH);
  return { height, hostY, hostX, rxX, midY, swX, portX, linkEnd };
}

/**
 * The network of switches: sources, switches and receivers left to right. Each
 * switch's output port is a button showing its occupancy X/K (fill and caption); the link it
 * feeds is coloured by its utilisation over the last batch; a drop at a port flashes a red
 * ring there. Clicking (or Enter/Space on) a port focuses the buffer, per-VC and loss views
 * on it. Static structure is React's; the per-batch figures are set by d3 in the redraw.
 */
export function TopologyView(props: {
  store: RunStore;
  view: ViewState;
  onFocusPort: (slug: string) => void;
  /** The id of the view's description in words (ViewDescription). */
  describedBy?: string;
}) {
  const { store, view, onFocusPort } = props;
  const [boxRef, width] = useWidth<HTMLDivElement>();
  const svgRef = useRef<SVGSVGElement | null>(null);
  const seen = useRef<{ drops: Float64Array; at: Float64Array; info: unknown }>({
    drops: new Float64Array(0),
    at: new Float64Array(0),
    info: null,
  });
  // Re-render the structure on a new run only (the figures are drawn imperatively).
  useSyncExternalStore(store.subscribeStatus, store.getStatus);
  const v = useSyncExternalStore(view.subscribe, view.get);
  const info = store.info;
  const topo = info?.topology;
  const big = v.presenter ? 1.3 : 1;

  const fade = useRef(0);
  const drawRef = useRef<() => void>(() => {});
  useEffect(() => () => cancelAnimationFrame(fade.current), []);
  const draw = () => {
    const svg = svgRef.current;
    const t = store.info?.topology;
    const p = store.ports;
    if (!svg || !t) return;
    const s = seen.current;
    if (s.info !== store.info || s.drops.length !== t.ports.length) {
      s.info = store.info;
      s.drops = new Float64Array(t.ports.length);
      s.at = new Float64Array(t.ports.length).fill(-Infinity);
    }
    const now = performance.now();
    let flashing = false;
    const root = select(svg);
    t.ports.forEach((port, i) => {
      const X = p?.X[i] ?? 0;
      const util = p?.util[i] ?? 0;
      const occ = X / Math.max(1, port.K);
      if (store.portDrops[i] > s.drops[i]) {
        s.drops[i] = store.portDrops[i];
        s.at[i] = now;
      }
      const age = now - s.at[i];
      const flash = age < FLASH_MS ? 1 - age / FLASH_MS : 0;
      if (flash > 0) flashing = true;
      const g = root.select(`[data-port="${i}"]`);
      g.attr('data-x', X).attr('data-util', util.toFixed(3));
      g.select('.topo-port-fill')
        .attr('y', PORT_H * (1 - occ))
        .attr('height', PORT_H * occ)
        .attr('fill', occColor(occ));
      root.select(`[data-port-caption="${i}"]`).text(`${X}/${port.K}`);
      g.select('.topo-flash').attr('opacity', flash);
      root
        .select(`[data-link="${i}"]`)
        .attr('stroke', utilColor(util))
        .attr('data-util', util.toFixed(3));
      root.select(`[data-link-label="${i}"]`).text(`${Math.round(util * 100)}%`);
    });
    // Keep fading a flash when no batch comes (paused, or the run is over).
    if (flashing && !store.playing && !fade.current)
      fade.current = requestAnimationFrame(() => {
        fade.current = 0;
        drawRef.current();
      });
  };
  useEffect(() => {
    drawRef.current = draw;
  });
  useRedraw(store, view, draw, [width, topo], boxRef);

  if (!info || !topo) return <div ref={boxRef} className="topology" />;
  const nVc = info.nVc;
  const L = layout(topo, Math.max(300, width), nVc, big);
  const font = 11 * big;
  const focus = info.focusPort;
  const dark = v.dark;

  return (
    <div ref={boxRef} className="topology" data-testid="view-topology" data-focus={focus}>
      {width > 0 && (
        <svg
          ref={svgRef}
          width={width}
          height={L.height}
          viewBox={`0 0 ${Math.max(300, width)} ${L.height}`}
          preserveAspectRatio="xMinYMin meet"
          role="group"
          aria-label="Network of switches: sources, switches and receivers; each switch output port is a button that focuses the buffer views on it"
          aria-describedby={props.describedBy}
          fontSize={font}
        >
          {/* Access links, one per source, into the switch where its VC enters. */}
          {topo.access.flatMap((a) =>
            a.vcs.map((vc) => {
              const sw = topo.ports.findIndex((p) => p.node === a.to);
              return (
                <line
                  key={`a${vc}`}
                  x1={L.hostX + 6}
                  y1={L.hostY[vc]}
                  x2={L.swX[Math.max(0, sw)]}
                  y2={L.midY + ((vc % 5) - 2) * 3}
                  stroke={seriesColor(vc, dark)}
                  strokeOpacity={0.55}
                  strokeWidth={1.2}
                />
              );
            }),
          )}
          {topo.ports.map((p, i) => (
            <g key={`l${i}`}>
              <line
                data-link={i}
                x1={L.portX[i] + PORT_W}
                y1={L.midY}
                x2={L.linkEnd[i]}
                y2={L.midY}
                strokeWidth={5 * big}
                stroke={utilColor(0)}
                strokeLinecap="round"
              >
                <title>{`${p.id}: ${p.mbps} ${METRICS.goodputMbps.unit}`}</title>
              </line>
              {L.linkEnd[i] - L.portX[i] - PORT_W > 56 && (
                <text
                  data-link-label={i}
                  x={(L.portX[i] + PORT_W + L.linkEnd[i]) / 2}
                  y={L.midY - 8}
                  textAnchor="middle"
                  className="topo-muted"
                />
              )}
            </g>
          ))}
          {Array.from({ length: nVc }, (_, vc) => (
            <g key={`h${vc}`}>
              <circle cx={L.hostX} cy={L.hostY[vc]} r={5} fill={seriesColor(vc, dark)} />
              <text x={L.hostX - 9} y={L.hostY[vc] + 4} textAnchor="end" className="topo-muted">
                {vc}
              </text>
            </g>
          ))}
          <g>
            <rect
              x={L.rxX - 8}
              y={L.midY - 16}
              width={16}
              height={32}
              rx={3}
              className="topo-host"
            />
            <text
              x={L.rxX}
              y={L.midY + 30}
              textAnchor="middle"
              className="topo-muted"
              fontSize={font * 0.9}
            >
              rx
            </text>
          </g>
          {topo.ports.map((p, i) => {
            const focused = i === focus;
            const label = `Port ${p.id}${i === topo.bottleneck ? ', the bottleneck' : ''}: ${p.vcs.length} VC${p.vcs.length === 1 ? '' : 's'}, ${p.mbps} ${METRICS.goodputMbps.unit}${focused ? ', shown in the buffer views' : '. Show it in the buffer views'}`;
            const activate = () => onFocusPort(p.slug);
            return (
              <g key={`s${i}`}>
                <rect
                  x={L.swX[i]}
                  y={L.midY - SW_H / 2}
                  width={SW_W}
                  height={SW_H}
                  rx={5}
                  className="topo-switch"
                />
                <text
                  x={L.swX[i] + SW_W / 2}
                  y={L.midY + 4}
                  textAnchor="middle"
                  className="topo-switch-label"
                >
                  {p.node}
                </text>
                <g
                  data-port={i}
                  data-port-id={p.slug}
                  data-focused={focused ? 'true' : 'false'}
                  className={`topo-port ${focused ? 'focused' : ''}`}
                  transform={`translate(${L.portX[i]},${L.midY - PORT_H / 2})`}
                  role="button"
                  tabIndex={0}
                  aria-pressed={focused}
                  aria-label={label}
                  onClick={activate}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      activate();
                    }
                  }}
                >
                  <title>{label}</title>
                  <rect x={-6} y={-8} width={PORT_W + 12} height={PORT_H + 30} fill="transparent" />
                  <circle
                    className="topo-flash"
                    cx={PORT_W / 2}
                    cy={PORT_H / 2}
                    r={PORT_H * 0.62}
                    fill="none"
                    stroke="#d62728"
                    strokeWidth={3}
                    opacity={0}
                  />
                  <rect className="topo-port-box" width={PORT_W} height={PORT_H} rx={2} />
                  <rect className="topo-port-fill" x={0} width={PORT_W} y={PORT_H} height={0} />
                </g>
                {/* Beside the button, not in it: a button's words must be in its name (2.5.3),
                    and this caption changes with every batch. */}
                <text
                  className={`topo-port-caption ${focused ? 'focused' : ''}`}
                  data-port-caption={i}
                  x={L.portX[i] + PORT_W / 2}
                  y={L.midY - PORT_H / 2 + PORT_H + 13 * big}
                  textAnchor="middle"
                  fontSize={font * 0.9}
                  aria-hidden="true"
                >
                  0/{p.K}
                </text>
              </g>
            );
          })}
        </svg>
      )}
      <p className="topo-legend muted small">
        Link colour: utilisation (grey idle → red full). Port fill and caption: occupancy X/K; a red
        ring flashes at a drop. Click a port to show it in the switch buffer view.
      </p>
    </div>
  );
}
