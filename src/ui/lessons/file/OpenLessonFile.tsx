// "Open a lesson file…": a button that picks a .json file, reads it as a lesson file, and
// either opens its lesson or lists what is wrong with it, each error naming its field.
import { useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { Lesson } from '../types';
import type { LessonFile } from './format';
import { readLessonText } from './link';

const M = {
  open: /*i18n*/ {
    id: 'lessonFile.open',
    message: 'Open a lesson file…',
    comment: 'Button: picks a lesson file (.json) on this device and opens its lesson.',
  },
  bad: /*i18n*/ {
    id: 'lessonFile.bad',
    message: '{name} is not a lesson file we can open:',
    comment: 'Above the list of what is wrong with a lesson file. {name}: the file’s name.',
  },
  unreadable: /*i18n*/ {
    id: 'lessonFile.unreadable',
    message: 'file: could not be read',
    comment: 'The one error when the device could not read the file at all.',
  },
};

export function OpenLessonFile({ onOpen }: { onOpen(lesson: Lesson, file: LessonFile): void }) {
  const input = useRef<HTMLInputElement>(null);
  const { _ } = useLingui();
  const [problem, setProblem] = useState<{ name: string; errors: string[] } | null>(null);
  const read = async (f: File) => {
    let text: string;
    try {
      text = await f.text();
    } catch {
      setProblem({ name: f.name, errors: [_(M.unreadable)] });
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
        {_(M.open)}
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label={_(M.open)}
        data-testid="lesson-file-input"
        onChange={(e) => {
          const f = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (f) void read(f);
        }}
      />
      {problem && (
        <div className="banner banner-warn" role="alert" data-testid="lesson-file-errors">
          <strong>{_({ ...M.bad, values: { name: problem.name } })}</strong>
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
