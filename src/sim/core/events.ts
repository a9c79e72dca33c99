/**
 * The kinds of event on the simulation's heap: one table, in kind order (kind = index + 1).
 * The cells themselves have no events: the ports run slot by slot between these.
 */
export const EVENT_KINDS = [
  { name: 'frame', what: 'an AAL5 frame reaches its receiver (its EOM cell arrived)' },
  { name: 'ack', what: 'an ACK reaches its sender over the reverse path' },
  { name: 'rto', what: "a sender's retransmission timer may expire" },
  { name: 'delack', what: "a receiver's delayed-ACK timer may fire" },
  { name: 'app-read', what: "a receiver's application reads from its buffer" },
  { name: 'start', what: 'a connection starts sending' },
  { name: 'wake', what: 'a sender reaches the wake-up time it set (TcpSender.wakeAt)' },
  { name: 'host-free', what: "the sending host's segment processing frees a place" },
] as const;

export type EventName = (typeof EVENT_KINDS)[number]['name'];

/** Event kind numbers (the heap's kind field), from the table. */
export const Ev = {
  FRAME_RX: 1,
  ACK_RX: 2,
  RTO: 3,
  DELACK: 4,
  APP_READ: 5,
  START: 6,
  WAKE: 7,
  HOST_FREE: 8,
} as const;

/** The name of event kind `kind` (1-based). */
export function eventName(kind: number): EventName {
  return EVENT_KINDS[kind - 1].name;
}
