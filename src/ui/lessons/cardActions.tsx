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

/** A place in the page that one component registers (a ref callback) and others portal into. */
function slot() {
  let el: HTMLElement | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (f: () => void) => {
    listeners.add(f);
    return () => void listeners.delete(f);
  };
  return {
    set(next: HTMLElement | null): void {
      if (next === el) return;
      el = next;
      for (const f of listeners) f();
    },
    use(): HTMLElement | null {
      return useSyncExternalStore(subscribe, () => el);
    },
  };
}

/**
 * A slot in the card's head, beside its title and fold button, for a small control that must
 * stay reachable while the page scrolls under the card (a class's "Follow the class" on a
 * phone). One card shows at a time: its head registers here.
 */
const headSlot = slot();
export const setCardHeadSlot = headSlot.set;
/** The card's head slot, or null when no lesson card shows. */
export const useCardHeadSlot = headSlot.use;

/**
 * A board under the sticky playback bar, across the views' width, for what the whole room
 * must read beside the views at a step (the class's answers to its question, on a projector).
 * Being in the sticky bar, a step's placement keeps the outlined view clear of it.
 */
const boardSlot = slot();
export const setStepBoardSlot = boardSlot.set;
export const useStepBoardSlot = boardSlot.use;
