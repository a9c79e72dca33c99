export { SweepPanel } from './SweepPanel';
export type { SweepPanelProps } from './SweepPanel';
