import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';
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
