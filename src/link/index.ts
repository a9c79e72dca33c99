// The app's link keys, below the UI and the CLI: the table (keys.ts), its reader and writer
// (link.ts), and what the page supplies for the values it names (catalog.ts).
export type { LinkCatalog, SweepSettings } from './catalog';
export type { LinkField } from './field';
export type { NavMode, NavState, Page } from './keys';
export { B_PREFIX, NAV_FIELDS, SWEEP_KEY, SWEEP_PREFIX } from './keys';
export type { ReadLink } from './link';
export {
  APP_KEYS,
  isAppKey,
  navModeOf,
  parseAppLink,
  perRunDefaults,
  readLink,
  writeLink,
} from './link';
