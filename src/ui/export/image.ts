/**
 * Images of a view (DOM): a standalone SVG (the canvas as an embedded PNG, the view's SVG
 * layer with its computed styles inlined) and a PNG composited from both, plus a download
 * helper. Works under the page's CSP (img-src 'self' data: blob:): the SVG layer is
 * rasterised through a blob: URL, the download goes through an object URL.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

export interface LegendItem {
  label: string;
  color: string;
}

export interface ImageMeta {
  /** Title of the image (default: the root's aria-label or test id), drawn above the view. */
  title?: string;
  /** Description (e.g. the scenario URL that reproduces the run), the SVG's <desc>. */
  description?: string;
  /** Background (default: the first opaque background of the root or its ancestors). */
  background?: string;
  /** Legend drawn below the view: a swatch and a label per item. */
  legend?: readonly LegendItem[];
  /** Caption drawn below the legend, wrapped to the image's width (the scenario, the run's
   * state, the app version and commit). */
  caption?: string;
}

const TITLE_FONT = 'bold 14px system-ui, sans-serif';
const TEXT_FONT = '11px system-ui, sans-serif';
const PAD = 8;
/** Height of the title band above the view in an exported image (a one-line title). */
export const FRAME_TOP = 30;
const TITLE_LINE = 18;
const ROW_H = 16;
const SWATCH = 12;

/** Where the frame around a view puts its parts: the title on top, the view below it, then
 * the legend rows and the caption lines (y values are text baselines). */
export interface ImageFrame {
  width: number;
  height: number;
  /** y of the view's top edge in the image. */
  top: number;
  /** The title's lines (wrapped to the width). */
  title: { text: string; y: number }[];
  /** Legend entries: a swatch at (x, y) and the label's lines (a long one wrapped). */
  legend: { x: number; y: number; item: LegendItem; lines: string[] }[];
  caption: { text: string; y: number }[];
  /** Text colour that reads on the background. */
  ink: string;
}

let measureCtx: CanvasRenderingContext2D | null = null;
function measure(text: string, font: string): number {
  measureCtx ??= document.createElement('canvas').getContext('2d');
  if (!measureCtx) return text.length * 7;
  measureCtx.font = font;
  return measureCtx.measureText(text).width;
}

/** Words of `text` in lines at most `max` px wide (a word longer than a line is cut). */
function wrap(text: string, max: number, font: string): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let w = word;
    while (measure(w, font) > max && w.length > 1) {
      let n = w.length - 1;
      while (n > 1 && measure(w.slice(0, n), font) > max) n--;
      if (cur) lines.push(cur);
      lines.push(w.slice(0, n));
      cur = '';
      w = w.slice(n);
    }
    const next = cur ? `${cur} ${w}` : w;
    if (cur && measure(next, font) > max) {
      lines.push(cur);
      cur = w;
    } else cur = next;
  }
  if (cur) lines.push(cur);
  return lines;
}

function luminance(color: string): number {
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  if (m) return (0.299 * +m[1] + 0.587 * +m[2] + 0.114 * +m[3]) / 255;
  const h = /^#([0-9a-f]{6})$/i.exec(color);
  if (h) {
    const n = parseInt(h[1], 16);
    return (0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
  }
  return 1;
}

/** The frame of a `width` × `viewHeight` view with `title`, the meta's legend and caption. */
export function imageFrame(
  width: number,
  viewHeight: number,
  title: string,
  meta: ImageMeta,
  background = '#ffffff',
): ImageFrame {
  const titleLines = wrap(title, Math.max(40, width - 2 * PAD), TITLE_FONT);
  const top = FRAME_TOP + TITLE_LINE * Math.max(0, titleLines.length - 1);
  let y = top + viewHeight + PAD;
  const legend: ImageFrame['legend'] = [];
  let x = PAD;
  if (meta.legend?.length) {
    y += ROW_H - 4;
    const room = Math.max(40, width - 2 * PAD - SWATCH - 4);
    for (const item of meta.legend) {
      const lines = wrap(item.label, room, TEXT_FONT);
      const w = SWATCH + 4 + Math.max(...lines.map((l) => measure(l, TEXT_FONT)));
      if (x > PAD && (x + w > width - PAD || lines.length > 1)) {
        x = PAD;
        y += ROW_H;
      }
      legend.push({ x, y, item, lines });
      if (lines.length > 1) {
        y += ROW_H * (lines.length - 1);
        x = width;
      } else x += w + 14;
    }
    y += 4;
  }
  const caption = meta.caption
    ? wrap(meta.caption, Math.max(40, width - 2 * PAD), TEXT_FONT).map((text) => {
        y += 14;
        return { text, y };
      })
    : [];
  return {
    width,
    height: Math.ceil(y + PAD),
    top,
    title: titleLines.map((text, i) => ({ text, y: 20 + TITLE_LINE * i })),
    legend,
    caption,
    ink: luminance(background) < 0.5 ? '#f2f2f2' : '#1d1d1f',
  };
}

/** The frame's text and swatches as SVG markup (explicit fonts and fills: standalone). */
function frameSvg(f: ImageFrame): string {
  const esc = (t: string) =>
    t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const text = (x: number, y: number, t: string, font: string) => {
    const bold = font.startsWith('bold');
    const size = /(\d+)px/.exec(font)![1];
    return `<text x="${x}" y="${y}" fill="${f.ink}" font-family="system-ui, sans-serif" font-size="${size}px"${bold ? ' font-weight="bold"' : ''}>${esc(t)}</text>`;
  };
  const parts = f.title.map((t) => text(PAD, t.y, t.text, TITLE_FONT));
  for (const l of f.legend) {
    parts.push(
      `<rect x="${l.x}" y="${l.y - SWATCH + 2}" width="${SWATCH}" height="${SWATCH - 2}" fill="${esc(l.item.color)}"/>`,
      ...l.lines.map((line, k) => text(l.x + SWATCH + 4, l.y + ROW_H * k, line, TEXT_FONT)),
    );
  }
  for (const c of f.caption) parts.push(text(PAD, c.y, c.text, TEXT_FONT));
  return `<g class="frame">${parts.join('')}</g>`;
}

function drawFrame(ctx: CanvasRenderingContext2D, f: ImageFrame): void {
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = f.ink;
  ctx.font = TITLE_FONT;
  for (const t of f.title) ctx.fillText(t.text, PAD, t.y);
  ctx.font = TEXT_FONT;
  for (const l of f.legend) {
    ctx.fillStyle = l.item.color;
    ctx.fillRect(l.x, l.y - SWATCH + 2, SWATCH, SWATCH - 2);
    ctx.fillStyle = f.ink;
    l.lines.forEach((line, k) => ctx.fillText(line, l.x + SWATCH + 4, l.y + ROW_H * k));
  }
  for (const c of f.caption) ctx.fillText(c.text, PAD, c.y);
}

/** Style properties inlined on each SVG element so the SVG renders the same standalone. */
const TEXT_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'paint-order',
  'opacity',
  'visibility',
];
const SHAPE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'shape-rendering',
  'opacity',
  'visibility',
];
const GROUP_PROPS = ['opacity', 'visibility'];
/** Initial values, left out of the inline styles (they change nothing). */
const DEFAULTS: Record<string, string> = {
  'fill-opacity': '1',
  'stroke-opacity': '1',
  'stroke-dasharray': 'none',
  'stroke-linecap': 'butt',
  'stroke-linejoin': 'miter',
  'shape-rendering': 'auto',
  'dominant-baseline': 'auto',
  'paint-order': 'normal',
  'font-style': 'normal',
  opacity: '1',
  visibility: 'visible',
};
const TEXT_TAGS = new Set(['text', 'tspan', 'textPath']);
const SHAPE_TAGS = new Set(['line', 'path', 'rect', 'circle', 'ellipse', 'polyline', 'polygon']);
/** Parts of a view that only serve interaction (d3 brush overlays). */
const INTERACTIVE = '.brush, .overlay, .handle';

interface Layer {
  el: HTMLCanvasElement | SVGSVGElement;
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Collected {
  width: number;
  height: number;
  background: string;
  layers: Layer[];
}

function isTransparent(c: string): boolean {
  return c === '' || c === 'transparent' || /^rgba\(.*,\s*0\)$/.test(c);
}

/** The first opaque background colour of `el` or its ancestors (white if none). */
export function backgroundOf(el: Element | null): string {
  for (let e = el; e; e = e.parentElement) {
    const c = getComputedStyle(e).backgroundColor;
    if (!isTransparent(c)) return c;
  }
  return '#ffffff';
}

/** The view's canvases and top-level SVGs in document (paint) order, placed relative to it. */
function collect(root: HTMLElement, meta: ImageMeta = {}): Collected {
  const box = root.getBoundingClientRect();
  const layers: Layer[] = [];
  let skipped = false;
  for (const el of root.querySelectorAll<HTMLCanvasElement | SVGSVGElement>('canvas, svg')) {
    if (el instanceof SVGSVGElement && el.parentElement?.closest('svg')) continue;
    // Parts the image draws itself (an HTML legend: the frame has its own).
    if (el.closest('[data-export-skip]')) {
      skipped = true;
      continue;
    }
    if (getComputedStyle(el).display === 'none') continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) continue;
    layers.push({ el, x: r.left - box.left, y: r.top - box.top, w: r.width, h: r.height });
  }
  // With parts left out, the image ends below the last layer drawn (not at the root's edge).
  const bottom = skipped ? Math.max(0, ...layers.map((l) => l.y + l.h)) + 4 : box.height;
  return {
    width: Math.max(1, Math.round(box.width)),
    height: Math.max(1, Math.round(Math.min(box.height, bottom))),
    background: meta.background ?? backgroundOf(root),
    layers,
  };
}

/**
 * A deep clone of `svg` whose elements carry their computed presentation (fill, stroke,
 * fonts, …) as inline styles, without the interaction-only parts, so that it renders the
 * same outside the page's style sheets.
 */
export function inlineSvg(svg: SVGSVGElement): SVGSVGElement {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const src = [svg, ...svg.querySelectorAll('*')];
  const dst = [clone, ...clone.querySelectorAll('*')];
  const drop: Element[] = [];
  for (let i = 0; i < src.length; i++) {
    const s = src[i];
    const d = dst[i] as SVGElement;
    if (!d) continue;
    const cs = getComputedStyle(s);
    if (cs.display === 'none' || (i > 0 && s.matches(INTERACTIVE))) {
      drop.push(d);
      continue;
    }
    const tag = s.localName;
    const props = TEXT_TAGS.has(tag)
      ? TEXT_PROPS
      : SHAPE_TAGS.has(tag)
        ? SHAPE_PROPS
        : tag === 'g' || tag === 'svg'
          ? GROUP_PROPS
          : [];
    for (const p of props) {
      const v = cs.getPropertyValue(p);
      if (v !== '' && DEFAULTS[p] !== v) d.style.setProperty(p, v);
    }
    if (d.getAttribute('style') === '') d.removeAttribute('style');
    // Event handlers and classes mean nothing standalone.
    d.removeAttribute('class');
  }
  for (const d of drop) d.remove();
  return clone;
}

/** A standalone SVG document of one SVG layer, sized `w`×`h` px (intrinsically scaled). */
function standaloneLayer(svg: SVGSVGElement, w: number, h: number, scale = 1): string {
  const c = inlineSvg(svg);
  c.setAttribute('xmlns', SVG_NS);
  if (!c.hasAttribute('viewBox')) c.setAttribute('viewBox', `0 0 ${w} ${h}`);
  c.setAttribute('width', String(w * scale));
  c.setAttribute('height', String(h * scale));
  c.removeAttribute('x');
  c.removeAttribute('y');
  c.removeAttribute('style');
  return new XMLSerializer().serializeToString(c);
}

function describe(root: HTMLElement, meta: ImageMeta): { title: string; desc: string } {
  const canvasLabel = root.querySelector('canvas[aria-label], svg[aria-label]');
  const title =
    meta.title ??
    root.getAttribute('aria-label') ??
    canvasLabel?.getAttribute('aria-label') ??
    root.dataset.testid ??
    'view';
  return { title, desc: meta.description ?? '' };
}

/**
 * A standalone SVG of a view: its background, the frame (title above, legend and caption
 * below: `imageFrame`), each canvas as an embedded PNG (`<image href="data:image/png;base64,…">`)
 * where the canvas is, and each SVG layer (axes, labels, annotations) cloned with its computed
 * styles inlined, in a group moved down by the frame's top; a <title> and a <desc>.
 */
export function viewToSvg(root: HTMLElement, meta: ImageMeta = {}): string {
  const { width, height: viewHeight, background, layers } = collect(root, meta);
  const { title, desc } = describe(root, meta);
  const frame = imageFrame(width, viewHeight, title, meta, background);
  const height = frame.height;
  const doc = document.implementation.createDocument(SVG_NS, 'svg', null);
  const out = doc.documentElement as unknown as SVGSVGElement;
  out.setAttribute('width', String(width));
  out.setAttribute('height', String(height));
  out.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const t = doc.createElementNS(SVG_NS, 'title');
  t.textContent = title;
  out.appendChild(t);
  if (desc) {
    const d = doc.createElementNS(SVG_NS, 'desc');
    d.textContent = desc;
    out.appendChild(d);
  }
  const bg = doc.createElementNS(SVG_NS, 'rect');
  bg.setAttribute('width', '100%');
  bg.setAttribute('height', '100%');
  bg.setAttribute('fill', background);
  out.appendChild(bg);
  const framed = new DOMParser().parseFromString(
    `<svg xmlns="${SVG_NS}">${frameSvg(frame)}</svg>`,
    'image/svg+xml',
  );
  out.appendChild(doc.importNode(framed.documentElement.firstElementChild!, true));
  const view = doc.createElementNS(SVG_NS, 'g');
  view.setAttribute('transform', `translate(0,${frame.top})`);
  out.appendChild(view);
  for (const l of layers) {
    if (l.el instanceof HTMLCanvasElement) {
      const img = doc.createElementNS(SVG_NS, 'image');
      img.setAttribute('x', String(l.x));
      img.setAttribute('y', String(l.y));
      img.setAttribute('width', String(l.w));
      img.setAttribute('height', String(l.h));
      img.setAttribute('preserveAspectRatio', 'none');
      img.setAttribute('href', l.el.toDataURL('image/png'));
      view.appendChild(img);
    } else {
      const c = inlineSvg(l.el);
      if (!c.hasAttribute('viewBox')) c.setAttribute('viewBox', `0 0 ${l.w} ${l.h}`);
      c.setAttribute('x', String(l.x));
      c.setAttribute('y', String(l.y));
      c.setAttribute('width', String(l.w));
      c.setAttribute('height', String(l.h));
      c.removeAttribute('style');
      view.appendChild(doc.importNode(c, true));
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(doc)}\n`;
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('the SVG layer could not be rasterised'));
    img.src = url;
  });
}

/**
 * A PNG of a view at `scale` device pixels per CSS pixel: the background, the frame (title
 * above, legend and caption below: `imageFrame`), the canvases drawn directly and the SVG
 * layers rasterised (through a blob: URL), composited in paint order. The image is
 * round(width·scale) × round(frame height·scale) pixels; the view sits at y = frame.top.
 */
export async function viewToPng(root: HTMLElement, scale = 2, meta: ImageMeta = {}): Promise<Blob> {
  const { width, height: viewHeight, background, layers } = collect(root, meta);
  const frame = imageFrame(width, viewHeight, describe(root, meta).title, meta, background);
  const height = frame.height;
  const out = document.createElement('canvas');
  out.width = Math.round(width * scale);
  out.height = Math.round(height * scale);
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas context');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.scale(out.width / width, out.height / height);
  drawFrame(ctx, frame);
  ctx.translate(0, frame.top);
  for (const l of layers) {
    if (l.el instanceof HTMLCanvasElement) {
      if (l.el.width > 0 && l.el.height > 0) ctx.drawImage(l.el, l.x, l.y, l.w, l.h);
      continue;
    }
    const text = standaloneLayer(l.el, l.w, l.h, scale);
    const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
    try {
      const img = await loadImage(url);
      ctx.drawImage(img, l.x, l.y, l.w, l.h);
    } finally {
      URL.revokeObjectURL(url);
    }
  }
  return new Promise((resolve, reject) =>
    out.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
  );
}

/** Saves `data` as `filename` through an object URL and an `<a download>` click. */
export function download(filename: string, data: Blob | string, mime: string): void {
  const blob = typeof data === 'string' ? new Blob([data], { type: mime }) : data;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke later: the download may start after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
