/**
 * The lessons read from files or links in this page, by id, so that the driver, the card and
 * the link find them as they find the built-in ones (catalog.ts `lessonById`).
 */
import type { Lesson } from '../types';

const LOADED = new Map<string, Lesson>();

export function keepLesson(l: Lesson): void {
  LOADED.set(l.id, l);
}

export const loadedLesson = (id: string): Lesson | undefined => LOADED.get(id);
