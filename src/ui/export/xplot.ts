/**
 * One connection's time-sequence graph in the xplot format that tcptrace writes (read by
 * xplot, xplot.org and jPlot). Pure: no DOM.
 */
import type { TcpEventName } from '../../sim';
import { tcpEventOf } from '../../sim';
import { csvNumber } from '../../io/csv';
import type { ExportMeta } from './meta';
import { appLine, runStatus } from './meta';
import type { NumericColumn, TableLike } from './table';

/** x coordinate as tcptrace writes a timeval: seconds and six digits of microseconds. */
export function xplotTime(t: number): string {
  const us = Math.round(t * 1e6);
  const s = Math.floor(us / 1e6);
  const frac = us - s * 1e6;
  return `${s}.${String(frac).padStart(6, '0')}`;
}

/** Keeps a title within the characters every xplot reader accepts. */
function xplotText(s: string): string {
  return s.replace(/[^A-Za-z0-9 !#$%&()+=|{}:;<>,.?/_@^-]/g, (c) =>
    Array.from(
      new TextEncoder().encode(c),
      (b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    ).join(''),
  );
}

/** How xplot marks each TCP event kind: colour and mark (its label is the table's `short`). */
const EVENT_MARKS: Record<TcpEventName, [string, string]> = {
  timeout: ['magenta', 'x'],
  'fast-retransmit': ['orange', 'diamond'],
  abort: ['purple', 'box'],
};

/**
 * The graph: `timeval double` coordinates, then
 * - the receive window edge (ack + advertised window) as a yellow step line,
 * - the cumulative ACK as a green step line,
 * - each segment sent as a white vertical line from seq to seq + len with arrow heads
 *   (`darrow` / `uarrow`), retransmissions red with an "R",
 * - retransmission timeouts (magenta ×, "RTO"), fast retransmits (orange ◇, "FR") and aborts
 *   (purple □), placed at the cumulative ACK of the moment,
 * and `go`.
 */
export function toXplot(
  segments: TableLike,
  acks: TableLike,
  tcpEvents: TableLike,
  conn: number,
  meta: ExportMeta,
): string {
  const out: string[] = [
    'timeval double',
    'title',
    xplotText(
      `TCP ${conn + 1} time-sequence graph - ${meta.scenarioUrl} - seed ${meta.seed}${meta.simulated ? ` - ${runStatus(meta.simulated)}` : ''} - ${appLine(meta)}`,
    ),
    'xlabel',
    'time',
    'ylabel',
    'sequence number',
  ];
  const num = (tab: TableLike, c: string) => tab.cols[c] as NumericColumn;
  // ACK and window step lines.
  const at = num(acks, 't');
  const ac = num(acks, 'conn');
  const aa = num(acks, 'ack');
  const aw = num(acks, 'win');
  const ackT: number[] = [];
  const ackV: number[] = [];
  const winV: number[] = [];
  for (let i = 0; i < acks.rows; i++) {
    if (ac[i] !== conn) continue;
    ackT.push(at[i]);
    ackV.push(aa[i]);
    winV.push(aa[i] + aw[i]);
  }
  const step = (color: string, v: number[]) => {
    if (ackT.length === 0) return;
    out.push(color);
    let pt = ackT[0];
    let pv = v[0];
    for (let k = 1; k < ackT.length; k++) {
      if (v[k] === pv) continue;
      const x0 = xplotTime(pt);
      const x1 = xplotTime(ackT[k]);
      out.push(`line ${x0} ${pv} ${x1} ${pv}`);
      out.push(`line ${x1} ${pv} ${x1} ${v[k]}`);
      pt = ackT[k];
      pv = v[k];
    }
    // Hold the last level to the last ACK.
    const last = ackT[ackT.length - 1];
    if (last > pt) out.push(`line ${xplotTime(pt)} ${pv} ${xplotTime(last)} ${pv}`);
  };
  step('yellow', winV);
  step('green', ackV);

  // Segments: first transmissions white, then retransmissions red.
  const st = num(segments, 't');
  const sc = num(segments, 'conn');
  const sq = num(segments, 'seq');
  const sl = num(segments, 'len');
  const rx = num(segments, 'retx');
  for (const retx of [0, 1]) {
    let first = true;
    for (let i = 0; i < segments.rows; i++) {
      if (sc[i] !== conn || (rx[i] ? 1 : 0) !== retx) continue;
      if (first) {
        out.push(retx ? 'red' : 'white');
        first = false;
      }
      const x = xplotTime(st[i]);
      const lo = csvNumber(sq[i]);
      const hi = csvNumber(sq[i] + sl[i]);
      out.push(`darrow ${x} ${lo}`, `uarrow ${x} ${hi}`, `line ${x} ${lo} ${x} ${hi}`);
      if (retx) out.push(`rtext ${x} ${hi}`, 'R');
    }
  }

  // TCP events at the ACK level of the moment (or the first sequence number before any ACK).
  const et = num(tcpEvents, 't');
  const ec = num(tcpEvents, 'conn');
  const ek = num(tcpEvents, 'kind');
  let base = 0;
  for (let i = 0; i < segments.rows; i++) {
    if (sc[i] === conn) {
      base = sq[i];
      break;
    }
  }
  let k = 0;
  let color = '';
  for (let i = 0; i < tcpEvents.rows; i++) {
    if (ec[i] !== conn) continue;
    const ev = tcpEventOf(ek[i]);
    if (!ev) continue;
    const s = EVENT_MARKS[ev.name];
    while (k < ackT.length && ackT[k] <= et[i]) k++;
    const y = k > 0 ? ackV[k - 1] : base;
    if (s[0] !== color) {
      out.push(s[0]);
      color = s[0];
    }
    const x = xplotTime(et[i]);
    out.push(`${s[1]} ${x} ${y}`, `atext ${x} ${y}`, ev.short);
  }
  out.push('go');
  return out.join('\n') + '\n';
}
