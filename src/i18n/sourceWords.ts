/**
 * Words whose English lives with their data (a lesson's prediction, the model's metric table)
 * and whose translations are catalog messages by an id made from the data's: the page's
 * language's translation, or the English itself on an English page (which loads no catalog of
 * them) and where no language is active (Node: a test, a script, the CLI).
 */
import { i18n } from '@lingui/core';
import { SOURCE } from './locales';

export const sourceWord = (id: string, english: string): string =>
  i18n.locale && i18n.locale !== SOURCE ? i18n._({ id, message: english }) : english;
