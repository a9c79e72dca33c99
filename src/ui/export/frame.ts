/**
 * The frame around an exported image of a view (DOM measuring only): the title above the
 * view, the legend rows and the wrapped caption below it, laid out once and drawn either as
 * SVG markup or on a canvas.
 */

export interface LegendItem {
  label: string;
  color: string;
  /** The mark's shape as the view draws it (an SVG path in a box from −5 to 5 about its
   * centre: SHAPE_PATHS), drawn in place of the square swatch: the legend tells the marks
   * apart by shape as well as colour (drop reasons; a retransmission, a fast retransmit). */
  path?: string;
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
/** A shape's box (−5 to 5) drawn in the swatch's room, 11 px. */
const SHAPE_SCALE = 1.1;

/** The centre of a legend row's swatch (where its shape is drawn). */
const swatchCentre = (l: { x: number; y: number }) => ({
  x: l.x + SWATCH / 2,
  y: l.y - SWATCH / 2 + 1,
});

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
export function frameSvg(f: ImageFrame): string {
  const esc = (t: string) =>
    t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const text = (x: number, y: number, t: string, font: string) => {
    const bold = font.startsWith('bold');
    const size = /(\d+)px/.exec(font)![1];
    return `<text x="${x}" y="${y}" fill="${f.ink}" font-family="system-ui, sans-serif" font-size="${size}px"${bold ? ' font-weight="bold"' : ''}>${esc(t)}</text>`;
  };
  const parts = f.title.map((t) => text(PAD, t.y, t.text, TITLE_FONT));
  for (const l of f.legend) {
    const { x, y } = swatchCentre(l);
    parts.push(
      l.item.path
        ? `<path transform="translate(${x} ${y}) scale(${SHAPE_SCALE})" d="${esc(l.item.path)}" fill="${esc(l.item.color)}"/>`
        : `<rect x="${l.x}" y="${l.y - SWATCH + 2}" width="${SWATCH}" height="${SWATCH - 2}" fill="${esc(l.item.color)}"/>`,
      ...l.lines.map((line, k) => text(l.x + SWATCH + 4, l.y + ROW_H * k, line, TEXT_FONT)),
    );
  }
  for (const c of f.caption) parts.push(text(PAD, c.y, c.text, TEXT_FONT));
  return `<g class="frame">${parts.join('')}</g>`;
}

export function drawFrame(ctx: CanvasRenderingContext2D, f: ImageFrame): void {
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = f.ink;
  ctx.font = TITLE_FONT;
  for (const t of f.title) ctx.fillText(t.text, PAD, t.y);
  ctx.font = TEXT_FONT;
  for (const l of f.legend) {
    ctx.fillStyle = l.item.color;
    if (l.item.path) {
      const { x, y } = swatchCentre(l);
      ctx.save();
      ctx.translate(x, y);
      ctx.scale(SHAPE_SCALE, SHAPE_SCALE);
      ctx.fill(new Path2D(l.item.path));
      ctx.restore();
    } else ctx.fillRect(l.x, l.y - SWATCH + 2, SWATCH, SWATCH - 2);
    ctx.fillStyle = f.ink;
    l.lines.forEach((line, k) => ctx.fillText(line, l.x + SWATCH + 4, l.y + ROW_H * k));
  }
  for (const c of f.caption) ctx.fillText(c.text, PAD, c.y);
}
