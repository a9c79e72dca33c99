/**
 * A view's SVG made standalone (DOM): each element's computed presentation inlined, the
 * interaction-only parts left out; and the background a view is drawn on.
 */

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
