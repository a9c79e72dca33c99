/// <reference lib="webworker" />
import { attachSimHost } from './host';
import type { PortLike } from './protocol';

attachSimHost(self as unknown as PortLike);
