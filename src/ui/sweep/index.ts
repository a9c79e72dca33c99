export { SweepPanel, defaultRange } from './SweepPanel';
export type { SweepPanelProps } from './SweepPanel';
