// The lesson gallery: open or closed, and a lesson started from it at its first step (its
// preset as the base the context bar names).
import { useState } from 'react';
import type { LessonFile } from '../lessons/file/format';
import { encodeLessonFile } from '../lessons/file/link';
import { keepLesson } from '../lessons/file/loaded';
import type { Lesson } from '../lessons/lessons';
import { lessonById } from '../lessons/lessons';
import { stepQuery } from '../lessons/useLesson';
import type { NavState } from '../urlState';

export function useGallery(navigate: (patch: Partial<NavState>) => void, clearIssues: () => void) {
  const [open, setOpen] = useState(false);
  const start = (id: string) => {
    setOpen(false);
    clearIssues();
    const l = lessonById(id);
    if (!l) return;
    const base = new URLSearchParams(l.steps[0].scenario ?? l.scenario).get('preset');
    navigate({ lesson: id, lessonFile: null, step: 0, page: 'sim', query: stepQuery(l, 0), base });
  };
  /** A lesson of one's own (from a file, or the editor's preview): kept in the page, carried
   * by the link as its file. */
  const startFile = (l: Lesson, file: LessonFile) => {
    keepLesson(l);
    setOpen(false);
    clearIssues();
    const base = new URLSearchParams(l.steps[0].scenario ?? l.scenario).get('preset');
    navigate({
      lesson: l.id,
      lessonFile: encodeLessonFile(file),
      step: 0,
      page: 'sim',
      query: stepQuery(l, 0),
      base,
    });
  };
  return { open, setOpen, start, startFile };
}
