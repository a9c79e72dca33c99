// The worker host on one end of a MessageChannel, without a real Worker (protocol tests).
import { MessageChannel } from 'node:worker_threads';
import { attachSimHost } from '../../src/worker/host';
import type { FromWorker, PortLike, ToWorker } from '../../src/worker/protocol';

export function workerChannel() {
  const { port1, port2 } = new MessageChannel();
  const host: PortLike = {
    postMessage: (m, o) => port1.postMessage(m, (o?.transfer ?? []) as never),
    addEventListener: (_t, l) => port1.on('message', (data) => l({ data } as MessageEvent)),
  };
  attachSimHost(host);
  const inbox: FromWorker[] = [];
  const waiters: (() => void)[] = [];
  port2.on('message', (m: FromWorker) => {
    inbox.push(m);
    waiters.splice(0).forEach((w) => w());
  });
  const send = (m: ToWorker, transfer: ArrayBuffer[] = []) => port2.postMessage(m, transfer);
  /** The first message (after index `from`) matching `pred`, as soon as it arrives. */
  const next = async (pred: (m: FromWorker) => boolean, from = 0) => {
    for (;;) {
      const hit = inbox.slice(from).find(pred);
      if (hit) return hit;
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  const close = () => {
    port1.close();
    port2.close();
  };
  return { send, next, inbox, close };
}
