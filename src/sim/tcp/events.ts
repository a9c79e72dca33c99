/**
 * The events of a TCP connection that the tcpEvents probe records: one row per kind, its code
 * in the probe's `kind` column, its name in exports, the words a person reads (legends, the
 * exports' code legend), its short label on a plot and the mark colour the views draw it with (a key of the UI's palette; none for a
 * kind the plots do not mark). The sender, the exports, the timeline, the lessons' moments and
 * the views all read this table.
 */
export const TCP_EVENT_TABLE = [
  {
    code: 1,
    key: 'TIMEOUT',
    name: 'timeout',
    words: 'timeout',
    short: 'RTO',
    mark: 'timeout',
  },
  {
    code: 2,
    key: 'FAST_RETRANSMIT',
    name: 'fast-retransmit',
    words: 'fast retransmit',
    short: 'FR',
    mark: 'fastRetx',
  },
  {
    code: 3,
    key: 'ABORT',
    name: 'abort',
    words: 'abort',
    short: 'abort',
    mark: null,
  },
] as const;

type Row = (typeof TCP_EVENT_TABLE)[number];

/** An event kind's name ('timeout', 'fast-retransmit', 'abort'). */
export type TcpEventName = Row['name'];

/** The code of each event kind: `TcpEvent.TIMEOUT` is 1. */
export const TcpEvent = Object.fromEntries(TCP_EVENT_TABLE.map((e) => [e.key, e.code])) as {
  readonly [E in Row as E['key']]: E['code'];
};
export type TcpEventKind = Row['code'];

/** The row of an event code, or undefined for a code the table does not hold. */
export const tcpEventOf = (code: number): Row | undefined => TCP_EVENT_TABLE[code - 1];

/** The row of an event kind by its key: `tcpEventRow('TIMEOUT').short` is 'RTO'. */
export function tcpEventRow<K extends Row['key']>(key: K): Extract<Row, { key: K }> {
  return TCP_EVENT_TABLE.find((e) => e.key === key) as Extract<Row, { key: K }>;
}
