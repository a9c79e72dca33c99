import type { ReactNode } from 'react';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';

/**
 * The lesson card's foot, beside Previous / Next: where a step's own action (a prediction's
 * "Commit and run", a class question's "Send") is placed so that it stays in sight however
 * long the card's scrolling text is. Outside a card the action renders where it stands.
 */
export const CardActionsSlot = createContext<HTMLElement | null>(null);

export function CardAction({ children }: { children: ReactNode }) {
  const slot = useContext(CardActionsSlot);
  return slot ? createPortal(children, slot) : <>{children}</>;
}

/**
 * A slot in the card's head, beside its title and fold button, for a small control that must
 * stay reachable while the page scrolls under the card (a class's "Follow the class" on a
 * phone). One card shows at a time: its head registers here (a ref callback).
 */
let headSlot: HTMLElement | null = null;
const listeners = new Set<() => void>();

export function setCardHeadSlot(el: HTMLElement | null): void {
  if (el === headSlot) return;
  headSlot = el;
  for (const f of listeners) f();
}

/** The card's head slot, or null when no lesson card shows. */
export function useCardHeadSlot(): HTMLElement | null {
  return useSyncExternalStore(
    (f) => {
      listeners.add(f);
      return () => listeners.delete(f);
    },
    () => headSlot,
  );
}
