/** The views over time (the time-sequence plot, cwnd, buffer occupancy and the loss raster),
 * one file each. */
export { CwndView } from './CwndView';
export { dropRecord } from './dropRecord';
export { LossRasterView } from './LossRasterView';
export { OccupancyView } from './OccupancyView';
export { TimeSeqView } from './TimeSeqView';
