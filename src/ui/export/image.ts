/**
 * Images of a view (DOM): a standalone SVG (the canvas as an embedded PNG, the view's SVG
 * layer with its computed styles inlined) and a PNG composited from both, plus a download
 * helper. Works under the page's CSP (img-src 'self' data: blob:): the SVG layer is
 * rasterised through a blob: URL, the download goes through an object URL.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
import type { ImageMeta } from './frame';
import { drawFrame, frameSvg, imageFrame } from './frame';
import { backgroundOf, inlineSvg } from './inlineSvg';

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
