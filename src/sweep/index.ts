/** The sweep core: specs, runs, results (JSON/CSV, merge), the work pool and the published
 * points. Pure TypeScript: no DOM, no Node APIs. */
export * from './spec';
export * from './run';
export * from './result';
export * from './format';
export * from './pool';
export * from './published';
