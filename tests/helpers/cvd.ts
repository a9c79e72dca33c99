// Colour vision deficiency, simulated, and the distance of two colours as people see them:
// Machado, Oliveira & Fernandes (2009), "A physiologically-based model for simulation of color
// vision deficiency", severity 1.0 matrices for protanopia and deuteranopia, applied to linear
// sRGB; CIE L*a*b* (D65) and ΔE*ab (CIE 1976) for the distance.

type Rgb = [number, number, number];
type Matrix = [Rgb, Rgb, Rgb];

const PROTAN: Matrix = [
  [0.152286, 1.052583, -0.204868],
  [0.114503, 0.786281, 0.099216],
  [-0.003882, -0.048116, 1.051998],
];
const DEUTAN: Matrix = [
  [0.367322, 0.860646, -0.227968],
  [0.280085, 0.672501, 0.047413],
  [-0.01182, 0.04294, 0.968881],
];
const IDENTITY: Matrix = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];
export const VISIONS = { normal: IDENTITY, protanopia: PROTAN, deuteranopia: DEUTAN } as const;
export type Vision = keyof typeof VISIONS;

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** #rrggbb as linear sRGB. */
export function linearRgb(hex: string): Rgb {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => toLinear(parseInt(h.slice(i, i + 2), 16) / 255)) as Rgb;
}

/** CIE L*a*b* (D65) of linear sRGB, clipped to the gamut. */
function lab([r, g, b]: Rgb): Rgb {
  [r, g, b] = [r, g, b].map((c) => Math.min(1, Math.max(0, c)));
  const X = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b;
  const Y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const Z = 0.0193339 * r + 0.119192 * g + 0.9503041 * b;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const [fx, fy, fz] = [f(X / 0.95047), f(Y), f(Z / 1.08883)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** L*a*b* of `hex` as seen with `vision`. */
export function seenLab(hex: string, vision: Vision): Rgb {
  const m = VISIONS[vision];
  const c = linearRgb(hex);
  return lab(m.map((row) => row[0] * c[0] + row[1] * c[1] + row[2] * c[2]) as Rgb);
}

/** ΔE*ab (CIE 1976) between two colours as seen with `vision`. */
export function deltaE(a: string, b: string, vision: Vision): number {
  const [p, q] = [seenLab(a, vision), seenLab(b, vision)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

/** The closest pair of `colors` as seen with `vision`: its ΔE*ab and the two colours. */
export function closestPair(colors: readonly string[], vision: Vision): [number, string, string] {
  let best: [number, string, string] = [Infinity, '', ''];
  for (let i = 0; i < colors.length; i++)
    for (let j = i + 1; j < colors.length; j++) {
      const d = deltaE(colors[i], colors[j], vision);
      if (d < best[0]) best = [d, colors[i], colors[j]];
    }
  return best;
}

/** WCAG 2 relative luminance and contrast ratio. */
export function contrastRatio(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = linearRgb(hex);
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}
