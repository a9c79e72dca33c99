import type { TcpVariant } from '../../scenario/schema';
import { NewReno } from './newreno';
import { Reno } from './reno';
import { Sack } from './sack';
import { Tahoe } from './tahoe';
import type { CongestionControl } from './types';
import { Vanilla } from './vanilla';

/** Registry of TCP variants: scenario `tcp` key → congestion control. */
export const CC_FACTORIES: Record<TcpVariant, () => CongestionControl> = {
  vanilla: () => new Vanilla(),
  tahoe: () => new Tahoe(),
  reno: () => new Reno(),
  newreno: () => new NewReno(),
  sack: () => new Sack(),
};
