/**
 * The shape of a scenario parameter's definition: its kind, default, range, unit and help. The
 * schema (scenario/schema.ts) is a table of these, and each buffer policy declares its own keys
 * in its file (atm/policies/), which the schema merges in.
 */

/** The sections of the settings, most important first (the UI, the CLI's --help and the sweep
 * panel read this table). */
export const GROUP_IDS = ['switch', 'tcp', 'links', 'traffic', 'topology', 'run'] as const;
export type GroupId = (typeof GROUP_IDS)[number];

interface Common {
  label: string;
  help: string;
  group: GroupId;
  /** Only meaningful for these buffer policies (their registry ids; tests check the names). */
  policies?: readonly string[];
  /** A list with one value per VC (cycled). */
  perVc?: true;
}
export interface NumberParam extends Common {
  kind: 'int' | 'number';
  default: number | undefined;
  min: number;
  max: number;
  unit: string;
  /** Slider step. */
  step: number;
  /** Optional parameters have no value unless set (default undefined). */
  optional?: true;
}
export interface EnumParam<T extends string = string> extends Common {
  kind: 'enum';
  default: T;
  options: readonly T[];
  /** What a person reads for each option ("Early Packet Discard (EPD)"); the key stays beside it. */
  optionLabels: Record<T, string>;
  optionHelp: Record<T, string>;
}
export interface BoolParam extends Common {
  kind: 'bool';
  default: boolean;
}
export type ParamDef = NumberParam | EnumParam | BoolParam;

/** The value a parameter takes, from its definition: a number, a flag, or one of its options;
 * a list on per-VC keys; possibly undefined on optional ones. */
export type ParamValue<D> =
  | (D extends { perVc: true } ? ValueOf<D>[] : ValueOf<D>)
  | (D extends { optional: true } ? undefined : never);
type ValueOf<D> = D extends { kind: 'bool' }
  ? boolean
  : D extends { kind: 'enum'; options: readonly (infer T)[] }
    ? T
    : number;

/** The values of a table of parameters (a scenario, or the keys one policy reads). */
export type ParamValues<T> = { -readonly [K in keyof T]: ParamValue<T[K]> };
