// "Open a lesson file…": a button that picks a .json file, reads it as a lesson file, and
// either opens its lesson or lists what is wrong with it, each error naming its field.
import { useRef, useState } from 'react';
import type { Lesson } from '../types';
import type { LessonFile } from './format';
import { readLessonText } from './link';

const WORDS = {
  open: 'Open a lesson file…',
  bad: (name: string) => `${name} is not a lesson file we can open:`,
  unreadable: 'file: could not be read',
};

export function OpenLessonFile({ onOpen }: { onOpen(lesson: Lesson, file: LessonFile): void }) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<{ name: string; errors: string[] } | null>(null);
  const read = async (f: File) => {
    let text: string;
    try {
      text = await f.text();
    } catch {
      setProblem({ name: f.name, errors: [WORDS.unreadable] });
      return;
    }
    const r = readLessonText(text);
    if ('errors' in r) setProblem({ name: f.name, errors: r.errors });
    else {
      setProblem(null);
      onOpen(r.lesson, r.file);
    }
  };
  return (
    <div className="lesson-file-open">
      <button type="button" onClick={() => input.current?.click()} data-testid="open-lesson-file">
        {WORDS.open}
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label={WORDS.open}
        data-testid="lesson-file-input"
        onChange={(e) => {
          const f = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (f) void read(f);
        }}
      />
      {problem && (
        <div className="banner banner-warn" role="alert" data-testid="lesson-file-errors">
          <strong>{WORDS.bad(problem.name)}</strong>
          <ul>
            {problem.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
