/**
 * The run's probe tables on the main thread: one SeriesTable per probe, with its row cap and
 * the rows a thinning keeps, and the column types of each (the probe's spec).
 */
import type { Columns } from '../../sim/metrics/columns';
import type {
  ACK_SPEC,
  CWND_SPEC,
  DEAD_SPEC,
  LOSS_SPEC,
  SEGMENT_SPEC,
  STALL_SPEC,
  TCP_EVENT_SPEC,
  queueSpec,
} from '../../sim/metrics/probes';
import { SeriesTable } from './seriesTable';

/** Row caps per table: about 30 MB in all at the caps (4 VCs; see bench:ui). */
const CAPS = {
  queue: 200_000,
  cwnd: 200_000,
  segments: 200_000,
  acks: 200_000,
  loss: 50_000,
  tcpEvents: 50_000,
  dead: 50_000,
  stalls: 20_000,
} as const;

export type TableName = keyof typeof CAPS;

/** The tables, in the order a batch is appended. */
export const TABLE_NAMES = Object.keys(CAPS) as TableName[];

/** The column spec of each table: the probe's (src/sim/metrics/probes.ts). */
export interface TableSpecs {
  queue: ReturnType<typeof queueSpec>;
  cwnd: typeof CWND_SPEC;
  segments: typeof SEGMENT_SPEC;
  acks: typeof ACK_SPEC;
  loss: typeof LOSS_SPEC;
  tcpEvents: typeof TCP_EVENT_SPEC;
  dead: typeof DEAD_SPEC;
  stalls: typeof STALL_SPEC;
}

/** Column `C` of table `T`, typed by the probe's spec (an 'i32' column is an Int32Array). */
export type TableColumn<T extends TableName, C extends keyof TableSpecs[T] & string> = Columns<
  TableSpecs[T]
>[C];

/** A run's tables, empty. */
export function newRunTables(): Record<TableName, SeriesTable> {
  return {
    queue: new SeriesTable(CAPS.queue, (s, i) => {
      const x = s.cols.X;
      return x[i] >= x[i + 1];
    }),
    cwnd: new SeriesTable(CAPS.cwnd),
    segments: new SeriesTable(CAPS.segments, (s, i) => s.cols.retx[i] === 1),
    acks: new SeriesTable(CAPS.acks),
    loss: new SeriesTable(CAPS.loss),
    tcpEvents: new SeriesTable(CAPS.tcpEvents, () => true),
    dead: new SeriesTable(CAPS.dead),
    stalls: new SeriesTable(CAPS.stalls, () => true),
  };
}
