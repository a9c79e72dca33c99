/**
 * A message of the catalogs in the page's language, for a component that may render where no
 * language is active (its own component test, Node): there it is the message's English with its
 * values put in. A component that uses it reads `useContext(LinguiContext)` to render again when
 * the page's language changes (it needs no provider, unlike `useLingui`).
 */
import { i18n } from '@lingui/core';

export interface Words {
  id: string;
  message: string;
  comment?: string;
}

export function say(words: Words, values: Record<string, string | number> = {}): string {
  if (!i18n.locale)
    return words.message.replace(/\{(\w+)\}/g, (all, name: string) =>
      name in values ? String(values[name]) : all,
    );
  return i18n._({ id: words.id, message: words.message, values });
}
