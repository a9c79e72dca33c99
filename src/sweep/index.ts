/** The sweep core: specs, runs, results (JSON/CSV, merge) and the work pool (the
 * published points a plot overlays are the claims', in
 * src/reproduce/published.ts). Pure TypeScript: no DOM, no Node APIs. */
export * from './spec';
export * from './run';
export * from './result';
export * from './format';
export * from './pool';
