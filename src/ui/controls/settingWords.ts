/**
 * The settings' names in the page's language: each scenario key's label and each group's title.
 * The English stays in the model's schema (src/sim/scenario/schema.ts: the CLI, the URL's
 * messages and the tests read it there); the translation is the catalog's message
 * `setting.<key>` or `setting.group.<group>` (scripts/settingMessages.ts lists them for
 * `lingui extract`). A key's help text is still English.
 */
import { i18n } from '@lingui/core';
import { sourceWord } from '../../i18n/sourceWords';
import type { GroupId, ParamDef } from '../../sim';
import { GROUP_TITLES, SCHEMA } from '../../sim';

type Key = keyof typeof SCHEMA;

export const settingMessageId = (key: string) => `setting.${key}`;
export const groupMessageId = (group: string) => `setting.group.${group}`;

/** The defs made for the page's language last (a change of language makes them again). */
let made: { locale: string; defs: Map<string, ParamDef> } = { locale: '', defs: new Map() };

/** Key `k`'s schema entry with its label in the page's language (the same object while the
 * language stays: a React dependency stays put). */
export function localSetting(k: Key): ParamDef {
  const locale = i18n.locale ?? '';
  if (made.locale !== locale) made = { locale, defs: new Map() };
  let def = made.defs.get(k);
  if (!def) {
    const own = SCHEMA[k] as ParamDef;
    def = { ...own, label: sourceWord(settingMessageId(k), own.label) };
    made.defs.set(k, def);
  }
  return def;
}

/** A group of settings' title in the page's language. */
export const groupTitle = (g: GroupId): string => sourceWord(groupMessageId(g), GROUP_TITLES[g]);

/** The settings column's own words around the names (the catalogs: src/locales). */
export const SETTING_WORDS = {
  root: /*i18n*/ {
    id: 'settings.root',
    message: 'Scenario parameters',
    comment: 'Screen-reader name of the settings column: every setting of the simulation.',
  },
  changed: /*i18n*/ {
    id: 'settings.changed',
    message: '{count} changed',
    comment: 'Badge beside a group of settings: how many differ from the scenario’s defaults.',
  },
  locked: /*i18n*/ {
    id: 'settings.locked',
    message: 'locked by the challenge',
    comment: 'Under a setting that a challenge fixes: the student cannot change it.',
  },
  reset: /*i18n*/ {
    id: 'settings.reset',
    message: 'Reset {label} to its default',
    comment: 'Screen-reader name of the ↺ button beside a changed setting. {label}: its name.',
  },
  value: /*i18n*/ {
    id: 'settings.value',
    message: '{label} value',
    comment: 'Screen-reader name of a setting’s number box. {label}: the setting’s name.',
  },
  valueIn: /*i18n*/ {
    id: 'settings.valueIn',
    message: '{label} value in {unit}',
    comment:
      'Screen-reader name of a setting’s number box. {label}: the setting’s name; {unit}: e.g. ms.',
  },
  set: /*i18n*/ {
    id: 'settings.set',
    message: 'Set {label}',
    comment:
      'Screen-reader name of the check box that gives an optional setting a value of its own (unchecked: the model chooses).',
  },
  perVc: /*i18n*/ {
    id: 'settings.perVc',
    message: '{label} per VC',
    comment:
      'Screen-reader name of the text box with one value per virtual circuit (VC). {label}: the setting’s name.',
  },
};
