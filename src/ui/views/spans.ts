// Pixel spans of the time plots (pure: unit-tested in Node).
/** Fills the pixel spans [a0, b0, a1, b1, …] as vertical bands, merging spans closer than
 * `gap` pixels; returns the number of bands drawn. */
export function fillMergedSpans(
  ctx: Pick<CanvasRenderingContext2D, 'fillRect'>,
  flat: number[],
  height: number,
  gap: number,
): number {
  const n = flat.length / 2;
  if (n === 0) return 0;
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => flat[2 * i] - flat[2 * j]);
  let bands = 0;
  let a = flat[2 * order[0]];
  let b = flat[2 * order[0] + 1];
  const draw = () => {
    ctx.fillRect(a, 0, Math.max(1, b - a), height);
    bands++;
  };
  for (let k = 1; k < n; k++) {
    const i = order[k];
    if (flat[2 * i] <= b + gap) b = Math.max(b, flat[2 * i + 1]);
    else {
      draw();
      a = flat[2 * i];
      b = flat[2 * i + 1];
    }
  }
  draw();
  return bands;
}
