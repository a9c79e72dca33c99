// The views that export and their titles: what the menu button needs before any export code
// loads (the rest of src/ui/export loads when a format is chosen: make.ts).

export type ExportView = 'queue' | 'pervc' | 'timeseq' | 'cwnd' | 'occupancy' | 'loss' | 'metrics';

/** Titles of the views (image titles, menu labels). */
export const VIEW_TITLES: Record<ExportView, string> = {
  queue: 'Switch buffer',
  pervc: 'Per-VC buffer use',
  timeseq: 'TCP time-sequence',
  cwnd: 'Congestion windows',
  occupancy: 'Buffer occupancy',
  loss: 'Cell losses',
  metrics: 'Metrics',
};
