// The lesson gallery: open or closed, and a lesson started from it at its first step (its
// preset as the base the context bar names).
import { useState } from 'react';
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
    navigate({ lesson: id, step: 0, page: 'sim', query: stepQuery(l, 0), base });
  };
  return { open, setOpen, start };
}
