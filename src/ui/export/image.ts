/**
 * Images of a view (DOM): a standalone SVG (the canvas as an embedded PNG, the view's SVG
 * layer with its computed styles inlined) and a PNG composited from both, plus a download
 * helper. Works under the page's CSP (img-src 'self' data: blob:): the SVG layer is
 * rasterised through a blob: URL, the download goes through an object URL.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

export interface ImageMeta {
  /** Title of the image (default: the root's aria-label or test id). */
  title?: string;
  /** Description (e.g. the scenario URL that reproduces the run). */
  description?: string;
  /** Background (default: the first opaque background of the root or its ancestors). */
  background?: string;
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
  for (const el of root.querySelectorAll<HTMLCanvasElement | SVGSVGElement>('canvas, svg')) {
    if (el instanceof SVGSVGElement && el.parentElement?.closest('svg')) continue;
    if (getComputedStyle(el).display === 'none') continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) continue;
    layers.push({ el, x: r.left - box.left, y: r.top - box.top, w: r.width, h: r.height });
  }
  return {
    width: Math.max(1, Math.round(box.width)),
    height: Math.max(1, Math.round(box.height)),
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
 * A standalone SVG of a view: its background, each canvas as an embedded PNG
 * (`<image href="data:image/png;base64,…">`) where the canvas is, and each SVG layer (axes,
 * labels, annotations) cloned with its computed styles inlined; a title and a description.
 */
export function viewToSvg(root: HTMLElement, meta: ImageMeta = {}): string {
  const { width, height, background, layers } = collect(root, meta);
  const doc = document.implementation.createDocument(SVG_NS, 'svg', null);
  const out = doc.documentElement as unknown as SVGSVGElement;
  out.setAttribute('width', String(width));
  out.setAttribute('height', String(height));
  out.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const { title, desc } = describe(root, meta);
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
  for (const l of layers) {
    if (l.el instanceof HTMLCanvasElement) {
      const img = doc.createElementNS(SVG_NS, 'image');
      img.setAttribute('x', String(l.x));
      img.setAttribute('y', String(l.y));
      img.setAttribute('width', String(l.w));
      img.setAttribute('height', String(l.h));
      img.setAttribute('preserveAspectRatio', 'none');
      img.setAttribute('href', l.el.toDataURL('image/png'));
      out.appendChild(img);
    } else {
      const c = inlineSvg(l.el);
      if (!c.hasAttribute('viewBox')) c.setAttribute('viewBox', `0 0 ${l.w} ${l.h}`);
      c.setAttribute('x', String(l.x));
      c.setAttribute('y', String(l.y));
      c.setAttribute('width', String(l.w));
      c.setAttribute('height', String(l.h));
      c.removeAttribute('style');
      out.appendChild(doc.importNode(c, true));
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
 * A PNG of a view at `scale` device pixels per CSS pixel: the background, the canvases drawn
 * directly and the SVG layers rasterised (through a blob: URL), composited in paint order.
 * The image is round(width·scale) × round(height·scale) pixels.
 */
export async function viewToPng(root: HTMLElement, scale = 2, meta: ImageMeta = {}): Promise<Blob> {
  const { width, height, background, layers } = collect(root, meta);
  const out = document.createElement('canvas');
  out.width = Math.round(width * scale);
  out.height = Math.round(height * scale);
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas context');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.scale(out.width / width, out.height / height);
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
