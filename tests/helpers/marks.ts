import type { Mark, MarkKind } from '../../src/ui/timeline/marks';

/**
 * The mark a test looks for: the `nth` (1-based, default 1) mark of `kind`, of
 * connection `conn` when given.
 */
export function findMark(
  marks: readonly Mark[],
  kind: MarkKind,
  conn?: number,
  nth = 1,
): Mark | undefined {
  const of = (m: Mark) => conn === undefined || m.conn === conn || !!m.conns?.includes(conn);
  return marks.filter((m) => m.kind === kind && of(m))[nth - 1];
}
