import type { ParamDef } from '../../core/params';
import { FIXED_DROP_REASONS } from '../dropReasons';
import { dfba } from './dfba';
import { dropFromFront } from './dropFromFront';
import { epd } from './epd';
import { eubr } from './eubr';
import { fba } from './fairBufferAllocation';
import { fifoThresholds } from './fifoThresholds';
import { ppd } from './ppd';
import { sd } from './selectiveDrop';
import { tailDrop } from './tailDrop';
import { perVc, twoThreshold } from './twoThreshold';
import type { BufferPolicy, DropReasonDef, PolicyEnv, PolicyModule } from './types';

/**
 * The registry of buffer policies: one line per policy, in the order the picker lists them.
 * Everything else (the `policy` key's options, labels and help, the policies' own keys in the
 * schema, the keys a running model takes live, the drop reasons and the inspector's words)
 * is read from these modules.
 */
export const POLICY_MODULES = [
  tailDrop,
  ppd,
  epd,
  sd,
  fba,
  twoThreshold,
  perVc,
  fifoThresholds,
  dfba,
  eubr,
  dropFromFront,
] as const;

type Modules = (typeof POLICY_MODULES)[number];
export type Policy = Modules['id'];

/** The `policy` key's values, in the registry's order. */
export const POLICIES = POLICY_MODULES.map((m) => m.id) as readonly Policy[] as readonly [
  Policy,
  ...Policy[],
];

const BY_ID = new Map<string, PolicyModule<Record<string, ParamDef>, never>>(
  POLICY_MODULES.map((m) => [m.id, m as unknown as PolicyModule<Record<string, ParamDef>, never>]),
);

/** The module of policy `id`. */
export function policyModule(id: Policy): PolicyModule<Record<string, ParamDef>, never> {
  return BY_ID.get(id)!;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I,
) => void
  ? I
  : never;

/** Every policy's own keys, merged in registry order (the schema spreads them), each marked
 * with the policies it applies to (its owner, unless the key names them). */
export const POLICY_KEYS = Object.assign(
  {},
  ...POLICY_MODULES.map((m) =>
    Object.fromEntries(
      Object.entries(m.keys as Record<string, ParamDef>).map(([k, d]) => [
        k,
        { ...d, policies: d.policies ?? [m.id] },
      ]),
    ),
  ),
) as UnionToIntersection<Modules['keys']>;

/** The keys a running model takes without a restart: the policies' (their `live` lists). */
export const POLICY_LIVE_KEYS: readonly string[] = POLICY_MODULES.flatMap(
  (m) => (m as { live?: readonly string[] }).live ?? Object.keys(m.keys),
);

/**
 * Drop reasons by code: the port's and the first policies' (FIXED_DROP_REASONS, whose codes
 * are fixed), then those each later policy adds, in registry order. The order is part of the
 * probe format (loss events carry the code).
 */
export const DROP_REASON_TABLE: readonly DropReasonDef[] = [
  ...FIXED_DROP_REASONS,
  ...POLICY_MODULES.flatMap((m) => (m as { reasons?: readonly DropReasonDef[] }).reasons ?? []),
];

/** Reason names by code. */
export const DROP_REASONS: readonly string[] = DROP_REASON_TABLE.map((r) => r.name);

/** The code of drop reason `name` (throws on an unknown name: a policy names its own). */
export function reasonCode(name: string): number {
  const i = DROP_REASONS.indexOf(name);
  if (i < 0) throw new Error(`unknown drop reason ${name}`);
  return i;
}

/** Builds policy `id` from a scenario's values (`values` holds every policy's keys: the schema
 * merges them) and the port's environment. */
export function createPolicy(
  id: Policy,
  values: object,
  env: Omit<PolicyEnv, 'reason'>,
): BufferPolicy {
  return policyModule(id).create(values as never, { ...env, reason: reasonCode });
}
