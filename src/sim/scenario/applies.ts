/**
 * Which parameters matter for a scenario, and the order the settings show them in. A key
 * that does not apply (the chain keys of a single switch, the thresholds of another policy,
 * the VBR periods with no VBR) changes nothing in the run; the settings hide it and the CLI's
 * help says when it applies.
 */
import type { GroupId, Policy, Scenario } from './schema';
import { POLICY_KEYS } from '../atm/policies';
import { GROUP_IDS, SCHEMA } from './schema';

type Key = keyof Scenario;

/** The keys of each section, most important first. Every schema key appears exactly once,
 * in the section its schema entry names (a unit test checks both). */
export const FIELD_ORDER: Record<GroupId, readonly Key[]> = {
  switch: [
    'policy',
    'bufferCells',
    // Each policy's own keys, in registry order (declared in its file).
    ...(Object.keys(POLICY_KEYS) as Key[]),
    'keepEom',
    'scheduler',
    'wfqWeights',
    'arrivalOrder',
    'gfr',
    'gfrAction',
    'mbs',
    'mfs',
    'cdvtMs',
  ],
  tcp: [
    'tcp',
    'window',
    'mtu',
    'dupAck',
    'ack',
    'delAckMs',
    'stretchAckMs',
    'granularityMs',
    'rtoMinMs',
    'rtoInitialMs',
    'rtoExtraMs',
    'rtoRule',
    'timerClock',
    'timeoutResend',
    'ssthreshRule',
    'initialCwnd',
    'nagle',
    'sndBuf',
    'appReadMbps',
    'sackDelayRtx',
    'cwndInteger',
    'cwndEveryN',
    'idling',
    'hostJitterMs',
    'hostProcMs',
    'hostQueuePkts',
  ],
  links: ['linkMbps', 'rttMs', 'accessMbps', 'encaps'],
  traffic: [
    'sources',
    'tcpsPerVc',
    'start',
    'mcr',
    'tagged',
    'cbrMbps',
    'cbrSharesBuffer',
    'vbrMbps',
    'vbrOnMs',
    'vbrOffMs',
    'ubrShare',
  ],
  topology: [
    'topology',
    'hops',
    'bottleneckHop',
    'entryHop',
    'hopMbps',
    'hopDelayMs',
    'portPolicy',
  ],
  run: ['duration', 'seed'],
};

/** Every buffer policy some port of the scenario runs: the scenario's, and on a network of
 * switches each port's own (portPolicy). */
export function policiesInUse(s: Scenario): Set<Policy> {
  const out = new Set<Policy>([s.policy]);
  if (s.topology !== 'single') for (const p of s.portPolicy) out.add(p === 'same' ? s.policy : p);
  return out;
}

const NETWORKS: readonly Scenario['topology'][] = ['chain', 'parking-lot', 'edge'];
const ROWS: readonly Scenario['topology'][] = ['chain', 'parking-lot'];
const some = <T>(list: readonly T[], f: (x: T) => boolean) => list.some(f);

/**
 * When a key applies beyond its schema's `policies` list: the condition, and the words the
 * CLI's help uses for it.
 */
const RULES: Partial<
  Record<Key, { when: (s: Scenario, p: Set<Policy>) => boolean; text: string }>
> = {
  hops: { when: (s) => ROWS.includes(s.topology), text: 'topology=chain or parking-lot' },
  bottleneckHop: {
    when: (s) => ROWS.includes(s.topology),
    text: 'topology=chain or parking-lot',
  },
  entryHop: { when: (s) => s.topology === 'parking-lot', text: 'topology=parking-lot' },
  hopMbps: { when: (s) => NETWORKS.includes(s.topology), text: 'topology other than single' },
  hopDelayMs: {
    when: (s) => NETWORKS.includes(s.topology),
    text: 'topology other than single',
  },
  portPolicy: {
    when: (s) => NETWORKS.includes(s.topology),
    text: 'topology other than single',
  },
  sdZ: {
    when: (s, p) => p.has('sd') || (p.has('eubr') && s.eubrTest === 'sd'),
    text: 'policy=sd, or eubr with eubrTest=sd',
  },
  fbaZ: {
    when: (s, p) => p.has('fba') || (p.has('eubr') && s.eubrTest === 'fba'),
    text: 'policy=fba, or eubr with eubrTest=fba',
  },
  wfqWeights: { when: (s) => s.scheduler === 'wfq', text: 'scheduler=wfq' },
  gfrAction: { when: (s) => s.gfr, text: 'gfr=1' },
  mbs: { when: (s) => s.gfr, text: 'gfr=1' },
  cdvtMs: { when: (s) => s.gfr, text: 'gfr=1' },
  mfs: { when: (s, p) => s.gfr || p.has('per-vc'), text: 'gfr=1 or policy=per-vc' },
  dupAck: {
    when: (s) => some(s.tcp, (t) => t !== 'vanilla'),
    text: 'a TCP variant other than vanilla',
  },
  delAckMs: { when: (s) => s.ack === 'delayed', text: 'ack=delayed' },
  stretchAckMs: { when: (s) => s.ack === 'stretch', text: 'ack=stretch' },
  sackDelayRtx: { when: (s) => s.tcp.includes('sack'), text: 'tcp=sack' },
  hostQueuePkts: { when: (s) => s.hostProcMs > 0, text: 'hostProcMs > 0' },
  cbrSharesBuffer: { when: (s) => s.cbrMbps > 0, text: 'cbrMbps > 0' },
  vbrOnMs: { when: (s) => s.vbrMbps > 0, text: 'vbrMbps > 0' },
  vbrOffMs: { when: (s) => s.vbrMbps > 0, text: 'vbrMbps > 0' },
  ubrShare: { when: (s) => s.cbrMbps > 0 || s.vbrMbps > 0, text: 'CBR or VBR background' },
};

/** Does `key` change anything in scenario `s`? (Keys that always matter: true.) */
export function applies(key: Key, s: Scenario, inUse: Set<Policy> = policiesInUse(s)): boolean {
  const rule = RULES[key];
  if (rule) return rule.when(s, inUse);
  const p = SCHEMA[key].policies;
  return !p || p.some((x) => inUse.has(x as Policy));
}

/** When `key` applies, in the CLI's words ("topology=parking-lot"), or null if always. */
export function appliesWhen(key: Key): string | null {
  const rule = RULES[key];
  if (rule) return rule.text;
  const p = SCHEMA[key].policies;
  if (!p) return null;
  return p.length > 4 ? 'a policy other than tail-drop' : `policy=${p.join(' or ')}`;
}

/** The sections in display order with their keys (only those `s` uses, when given). */
export function groupedKeys(s?: Scenario): { group: GroupId; keys: Key[] }[] {
  const inUse = s ? policiesInUse(s) : undefined;
  return GROUP_IDS.map((group) => ({
    group,
    keys: FIELD_ORDER[group].filter((k) => !s || applies(k, s, inUse)),
  }));
}
