// Runs in real Chromium (Vitest browser mode): the Export menu of a view, against a run store
// filled from a real (short) simulation, with a small fake view (a canvas and an SVG layer).
import { seriesColor } from '../../src/ui/views/palette';
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import { userEvent } from 'vitest/browser';
import { StrictMode, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { parseScenario } from '../../src/sim';
import type { RunStore } from '../../src/ui/data/runStore';
import type { ExportFile, ExportView } from '../../src/ui/export/ExportMenu';
import { ExportMenu } from '../../src/ui/export/ExportMenu';
import { parseCsv } from '../helpers/exportCsv';
import { APP_COMMIT } from '../../src/version';
import { FRAME_TOP } from '../../src/ui/export/frame';
import { version } from '../../package.json';
import { storeFromSim } from '../helpers/storeFromSim';
import { waitFor } from '../helpers/waitFor';

const QUERY = 'preset=s2-deadlock&duration=3';

const W = 400;
const H = 200;

/** A panel header with the menu, next to a fake view root: a canvas (red square) at (50, 10)
 * and an SVG layer with an axis label coloured by a style sheet. */
function Harness(props: { store: RunStore; view: ExportView; onExport: (f: ExportFile) => void }) {
  const root = useRef<HTMLDivElement>(null);
  return (
    <section>
      <header>
        <ExportMenu
          store={props.store}
          view={props.view}
          getRoot={() => root.current}
          selectedConn={0}
          onExport={props.onExport}
        />
      </header>
      <div
        ref={root}
        data-testid={`view-${props.view}`}
        style={{ position: 'relative', width: W, height: H, background: 'rgb(250, 250, 250)' }}
      >
        <canvas
          width={300}
          height={150}
          style={{ position: 'absolute', left: 50, top: 10, width: 300, height: 150 }}
        />
        <svg
          width={W}
          height={H}
          style={{ position: 'absolute', left: 0, top: 0 }}
          className="chart-svg"
        >
          <g className="axis" transform="translate(50,160)">
            <line x1={0} x2={300} y1={0} y2={0} />
            <text x={150} y={30} textAnchor="middle">
              time (s)
            </text>
          </g>
          <g className="brush">
            <rect className="overlay" width={300} height={150} />
          </g>
        </svg>
      </div>
    </section>
  );
}

let store: RunStore;
let container: HTMLDivElement;
let root: Root;
let style: HTMLStyleElement;
let files: ExportFile[];
let consoleError: MockInstance<typeof console.error>;

beforeAll(() => {
  store = storeFromSim(QUERY);
});

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
  style = document.createElement('style');
  style.textContent =
    '.test-export .axis text { fill: rgb(0, 128, 0); font-size: 13px; font-family: monospace; }' +
    '.test-export .axis line { stroke: rgb(0, 0, 255); stroke-width: 3px; }';
  document.head.append(style);
  container = document.createElement('div');
  container.className = 'test-export';
  document.body.append(container);
  files = [];
});

afterEach(() => {
  root.unmount();
  container.remove();
  style.remove();
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  expect(calls, 'console.error must not be called').toEqual([]);
});

async function render(view: ExportView) {
  root = createRoot(container);
  root.render(
    <StrictMode>
      <Harness store={store} view={view} onExport={(f) => files.push(f)} />
    </StrictMode>,
  );
  await waitFor(() => expect(container.querySelector('canvas')).not.toBeNull());
  const canvas = container.querySelector('canvas')!;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = 'rgb(255, 0, 0)';
  ctx.fillRect(0, 0, 100, 100);
  const button = container.querySelector<HTMLButtonElement>(
    `[data-testid="export-${view}"] button`,
  )!;
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

const items = () => [...container.querySelectorAll<HTMLElement>('[role="menuitem"]')];

/** Opens the menu with the keyboard and chooses the item labelled `label`. */
async function exportWith(button: HTMLButtonElement, label: string): Promise<ExportFile> {
  const before = files.length;
  button.focus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(document.activeElement).toBe(items()[0]));
  const target = items().findIndex((el) => el.textContent === label);
  expect(target, label).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < target; i++) await userEvent.keyboard('{ArrowDown}');
  expect(document.activeElement?.textContent).toBe(label);
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(files.length).toBe(before + 1), { timeout: 10_000 });
  // Focus is back on the menu button once the file is made, and stays there while it is being
  // made (an export that takes a while, such as a PNG, must not drop focus to the page).
  await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
  expect(document.activeElement).toBe(button);
  return files[before];
}

describe('Export menu', () => {
  it('is a keyboard-operable menu button', async () => {
    const button = await render('timeseq');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.textContent).toContain('Export');
    button.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
    const menu = container.querySelector('[role="menu"]')!;
    expect(menu.getAttribute('aria-labelledby')).toBe(button.id);
    expect(items().map((el) => el.textContent)).toEqual([
      'CSV (data)',
      'JSON (data)',
      'PNG image',
      'SVG image',
      'xplot (tcptrace)',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(items()[0]));
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items()[4]);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items()[0]);
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(items()[4]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(container.querySelector('[role="menu"]')).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // ↓ on the button opens on the first item.
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(items()[0]));
    await userEvent.keyboard('{Escape}');
    expect(files).toEqual([]);
  });

  it('exports the cwnd series as CSV that reads back exactly, with the scenario URL', async () => {
    const button = await render('cwnd');
    const file = await exportWith(button, 'CSV (data)');
    expect(file.name).toBe('tcp-atm-cwnd-custom-seed1.csv');
    expect(file.mime).toMatch(/^text\/csv/);
    expect(typeof file.data).toBe('string');
    const parsed = parseCsv(file.data as string);
    expect(parsed.meta.scenario).toBe(
      `${location.origin}${location.pathname}?${store.info!.query}`,
    );
    expect(parsed.meta.seed).toBe(1);
    expect(parseScenario(parsed.meta.scenario!).scenario).toEqual(store.info!.scenario);
    const table = store.tables.cwnd;
    expect(table.rows).toBeGreaterThan(10);
    expect(parsed.rows).toBe(table.rows);
    for (const name of ['t', 'conn', 'cwnd', 'ssthresh']) {
      const got = parsed.columns[name] as Float64Array;
      const want = Array.from(table.cols[name].subarray(0, table.rows));
      expect(Array.from(got), name).toEqual(want);
    }
    expect(document.activeElement).toBe(button);
  });

  it('exports the loss view as CSV with reasons by name and dead cells', async () => {
    const button = await render('loss');
    const file = await exportWith(button, 'CSV (data)');
    const parsed = parseCsv(file.data as string);
    const loss = store.tables.loss;
    const dead = store.tables.dead;
    expect(parsed.rows).toBe(loss.rows + dead.rows);
    expect(
      (file.data as string)
        .split('\n')
        .some((l) => l.includes(',drop,') && l.includes(',overflow,')),
    ).toBe(true);
    const ev = parsed.columns.event as string[];
    const reason = parsed.columns.reason as Float64Array;
    const drops = ev.flatMap((e, i) => (e === 'drop' ? [reason[i]] : []));
    expect(drops).toEqual(Array.from(loss.cols.reason.subarray(0, loss.rows)));
    expect(ev.filter((e) => e === 'dead')).toHaveLength(dead.rows);
  });

  it('exports the time-sequence data (JSON) and an xplot file of the selected connection', async () => {
    const button = await render('timeseq');
    const json = await exportWith(button, 'JSON (data)');
    expect(json.name).toBe('tcp-atm-timeseq-custom-seed1-tcp1.json');
    const doc = JSON.parse(json.data as string);
    expect(doc.seed).toBe(1);
    expect(doc.tables.segments.rows).toBe(store.tables.segments.rows);
    expect(doc.tables.segments.columns.seq).toEqual(
      Array.from(store.tables.segments.cols.seq.subarray(0, store.tables.segments.rows)),
    );
    expect(doc.tables.acks.rows).toBe(store.tables.acks.rows);
    const xpl = await exportWith(button, 'xplot (tcptrace)');
    expect(xpl.name).toBe('tcp-atm-timeseq-custom-seed1-tcp1.xpl');
    const lines = (xpl.data as string).trimEnd().split('\n');
    expect(lines[0]).toBe('timeval double');
    expect(lines[lines.length - 1]).toBe('go');
    expect(lines).toContain('green');
    expect(lines).toContain('red');
  });

  it('exports a PNG at twice its CSS size: a title above the view, legend and caption below', async () => {
    const button = await render('timeseq');
    const file = await exportWith(button, 'PNG image');
    expect(file.name).toBe('tcp-atm-timeseq-custom-seed1.png');
    expect(file.mime).toBe('image/png');
    const blob = file.data as Blob;
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('image/png');
    expect(blob.size).toBeGreaterThan(500);
    const bmp = await createImageBitmap(blob);
    // The frame: the SVG export lays out the same title band, legend rows and caption lines.
    const svg = await exportWith(button, 'SVG image');
    const doc = new DOMParser().parseFromString(svg.data as string, 'image/svg+xml');
    const fullH = Number(doc.documentElement.getAttribute('height'));
    const top = Number(/translate\(0,(\d+)\)/.exec(svg.data as string)![1]);
    expect(top).toBe(FRAME_TOP);
    expect(fullH).toBeGreaterThan(top + H + 20);
    expect([bmp.width, bmp.height]).toEqual([W * 2, fullH * 2]);
    const c = new OffscreenCanvas(bmp.width, bmp.height);
    const ctx = c.getContext('2d')!;
    ctx.drawImage(bmp, 0, 0);
    const px = (x: number, y: number) => Array.from(ctx.getImageData(x * 2, y * 2, 1, 1).data);
    // The canvas's red square (canvas at 50,10 of the view; square 100×100 canvas px).
    expect(px(100, top + 50)).toEqual([255, 0, 0, 255]);
    // The view's background outside the canvas.
    expect(px(10, top + 190)).toEqual([250, 250, 250, 255]);
    // The SVG axis line (blue, 3 px, at y = 160 of the view), from the inlined style.
    expect(px(200, top + 160)).toEqual([0, 0, 255, 255]);
    // Ink (dark text on the light background) in the title band and in the caption below.
    const inked = (y0: number, y1: number) => {
      const d = ctx.getImageData(0, y0 * 2, bmp.width, (y1 - y0) * 2).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] < 300) n++;
      return n;
    };
    expect(inked(0, top)).toBeGreaterThan(50);
    expect(inked(top + H, fullH)).toBeGreaterThan(200);
    // The legend swatch of TCP 1 (the palette's first colour) below the view.
    const sw = [...doc.querySelectorAll('g.frame rect')][0];
    const sx = Number(sw.getAttribute('x')) + 4;
    const sy = Number(sw.getAttribute('y')) + 4;
    const hex = seriesColor(0, false);
    const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    expect(px(sx, sy)).toEqual([...rgb, 255]);
    // The marks' legend rows are their shapes (× retransmission, | timeout, ▲ fast
    // retransmit), each filled in its colour at its centre, in the SVG and the PNG alike.
    const shapes = [...doc.querySelectorAll('g.frame path')];
    expect(shapes.length).toBe(3);
    for (const s of shapes) {
      const [x, y] = /translate\(([\d.]+) ([\d.]+)\)/
        .exec(s.getAttribute('transform')!)!
        .slice(1)
        .map(Number);
      const fill = s.getAttribute('fill')!;
      const want = [1, 3, 5].map((i) => parseInt(fill.slice(i, i + 2), 16));
      expect(px(x, y).slice(0, 3)).toEqual(want);
    }
  });

  it('exports a standalone SVG: the canvas as an embedded PNG, the axis text with inlined styles', async () => {
    const button = await render('timeseq');
    const file = await exportWith(button, 'SVG image');
    expect(file.name).toBe('tcp-atm-timeseq-custom-seed1.svg');
    expect(file.mime).toBe('image/svg+xml');
    const text = file.data as string;
    expect(text).toContain('<image');
    expect(text).toContain('href="data:image/png;base64,');
    expect(text).toContain('time (s)');
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    const svg = doc.documentElement;
    expect(svg.getAttribute('width')).toBe(String(W));
    const fullH = Number(svg.getAttribute('height'));
    expect(fullH).toBeGreaterThan(FRAME_TOP + H);
    expect(doc.querySelector('title')?.textContent).toContain('TCP time-sequence');
    expect(doc.querySelector('desc')?.textContent).toContain(store.info!.query);
    // The frame: the title drawn above, the legend (one entry per connection and the marks)
    // and a caption with the scenario link, the run's state, the version and the commit.
    const frame = [...doc.querySelectorAll('g.frame text')].map((t) => t.textContent ?? '');
    expect(frame[0]).toBe('TCP-over-ATM Lab: TCP time-sequence');
    expect(frame).toEqual(
      expect.arrayContaining(['TCP 1', 'retransmission', 'timeout', 'fast retransmit']),
    );
    const caption = frame.slice(frame.indexOf('stop-and-go stall') + 1).join(' ');
    expect(caption).toContain(`Scenario: ${window.location.origin}`);
    expect(caption.replace(/ /g, '')).toContain(store.info!.query.replace(/ /g, ''));
    expect(caption).toContain('Run complete (t = 3 of 3 s)');
    expect(caption).toContain(`tcp-over-atm-lab ${version}, commit ${APP_COMMIT}`);
    const view = doc.querySelector('g[transform="translate(0,30)"]')!;
    expect(view).not.toBeNull();
    const image = view.querySelector('image')!;
    expect([image.getAttribute('x'), image.getAttribute('y')]).toEqual(['50', '10']);
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['300', '150']);
    const label = [...doc.querySelectorAll('text')].find((t) => t.textContent === 'time (s)')!;
    const st = label.getAttribute('style') ?? '';
    expect(st).toContain('fill: rgb(0, 128, 0)');
    expect(st).toContain('font-size: 13px');
    expect(st).toContain('monospace');
    // The brush overlay (interaction only) is left out: the background and the legend's
    // swatches are the only rects.
    expect(doc.querySelectorAll('rect')).toHaveLength(
      1 + doc.querySelectorAll('g.frame rect').length,
    );
    expect(view.querySelectorAll('rect')).toHaveLength(0);
    // It renders standalone, as an image.
    const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
    const img = new Image();
    img.src = url;
    await img.decode();
    URL.revokeObjectURL(url);
    expect([img.naturalWidth, img.naturalHeight]).toEqual([W, fullH]);
  });

  it('downloads through an <a download> click when no onExport is given', async () => {
    root = createRoot(container);
    const clicks: { name: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({ name: this.download, href: this.href });
    });
    const Plain = () => {
      const ref = useRef<HTMLDivElement>(null);
      return (
        <div>
          <ExportMenu store={store} view="metrics" getRoot={() => ref.current} />
          <div ref={ref} />
        </div>
      );
    };
    root.render(<Plain />);
    const button = await waitFor(() => {
      const b = container.querySelector<HTMLButtonElement>('[data-testid="export-metrics"] button');
      expect(b).not.toBeNull();
      return b!;
    });
    await userEvent.click(button);
    expect(items().map((el) => el.textContent)).toEqual(['CSV (data)', 'JSON (data)']);
    await userEvent.click(items()[1]);
    await waitFor(() => expect(clicks).toHaveLength(1));
    click.mockRestore();
    expect(clicks[0].name).toBe('tcp-atm-metrics-custom-seed1.json');
    expect(clicks[0].href).toMatch(/^blob:/);
    const body = await (await fetch(clicks[0].href)).text();
    expect(JSON.parse(body).metrics).toEqual(store.metrics);
  });
});
