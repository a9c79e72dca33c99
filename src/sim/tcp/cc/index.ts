import type { TcpVariant } from '../../scenario/schema';
import { Reno } from './reno';
import type { CongestionControl } from './types';

/** Registry of TCP variants: scenario `tcp` key → congestion control. */
export const CC_FACTORIES: Record<TcpVariant, () => CongestionControl> = {
  reno: () => new Reno(),
};
