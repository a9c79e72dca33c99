/**
 * The lab's one JSON convention for numbers, used by every export, the sweep results, the
 * campaign directories and the browser's stored sweeps (pure: no DOM, no Node).
 *
 * JSON has no NaN, no Infinity and (in `JSON.stringify`) no −0, so each is given one spelling
 * that every JSON reader accepts:
 * - a finite number is its shortest round-trip decimal (`String(n)`), −0 written `-0`;
 * - ±Infinity is `1e999` / `-1e999`, a JSON number every parser (JavaScript's `JSON.parse`,
 *   Python's `json`, pandas) reads back as ±Infinity;
 * - NaN is `null`: a reader restores it where a number is expected (`nullsToNaN`).
 * So `JSON.parse` gives back every float64 bit for bit but NaN, and `nullsToNaN` that one.
 */

/** The JSON text of a number by the rule above. */
export function jsonNumber(v: number): string {
  if (Number.isNaN(v)) return 'null';
  if (v === Infinity) return '1e999';
  if (v === -Infinity) return '-1e999';
  if (v === 0 && 1 / v < 0) return '-0';
  return String(v);
}

/** True when `JSON.stringify` would not write `v` exactly (NaN, ±Infinity, −0). */
const needsSpelling = (v: number): boolean => !Number.isFinite(v) || (v === 0 && 1 / v < 0);

/**
 * `JSON.stringify(value, null, space)`, byte for byte the same layout, with every number
 * written by `jsonNumber` (so ±Infinity and −0 survive, NaN is `null`). Typed arrays are
 * written as arrays.
 */
export function stringifyJson(value: unknown, space?: number | string): string {
  // Numbers JSON.stringify would spoil travel as a tagged string, replaced in the text after.
  const tag = `\u0001num${Math.random().toString(36).slice(2)}:`;
  let tagged = false;
  const text = JSON.stringify(
    value,
    (_k, v: unknown) => {
      if (typeof v === 'number' && needsSpelling(v)) {
        tagged = true;
        return tag + jsonNumber(v);
      }
      if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
        return Array.from(v as unknown as ArrayLike<number>);
      }
      return v;
    },
    space,
  );
  if (!tagged) return text;
  const quoted = JSON.stringify(tag).slice(1, -1);
  return text.replace(
    new RegExp(`"${quoted.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}(null|-?1e999|-0)"`, 'g'),
    (_m, n: string) => n,
  );
}

/** `value` with every `null` replaced by NaN, deeply (for data whose leaves are all numbers,
 * as a campaign's run results and a sweep's metric values). */
export function nullsToNaN<T>(value: T): T {
  if (value === null) return NaN as T;
  if (Array.isArray(value)) return value.map((x: unknown) => nullsToNaN(x)) as T;
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(value as Record<string, unknown>)) out[k] = nullsToNaN(x);
    return out as T;
  }
  return value;
}
