/**
 * Teacher notes (`page=teacher`): for each lesson its goals, the questions to ask and its link;
 * then the ready-made challenges with their links and answers (found with the CLI), and how to
 * make a challenge of one's own. The lessons, with their goals and questions, come from the
 * lessons module (passed in by the app): the notes are written once, beside each lesson.
 */
import type { JSX } from 'react';
import { useState } from 'react';
import { SCHEMA } from '../../sim';
import { checkText } from './ChallengeCard';
import { READY_CHALLENGES, readyLink } from './library';
import './challenges.css';
import { linkBase, onThisProjector } from '../share/links';

/** What the page needs of a lesson (the lessons module's Lesson has these fields). */
export interface LessonNotes {
  id: string;
  title: string;
  claim?: string;
  source?: string;
  goals?: readonly string[];
  questions?: readonly string[];
}

export interface TeacherPageProps {
  lessons: readonly LessonNotes[];
  onClose(): void;
}

function absolute(query: string): string {
  // Served by the class server: the address students can reach.
  return `${linkBase()}${query}`;
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="ch-small"
        aria-label={label}
        onClick={() => {
          navigator.clipboard.writeText(text).then(
            () => setDone('copied'),
            () => setDone('copy failed'),
          );
        }}
      >
        Copy link
      </button>
      <span role="status" className="ch-muted">
        {done ? ` ${done}` : ''}
      </span>
    </>
  );
}

export function TeacherPage({ lessons, onClose }: TeacherPageProps): JSX.Element {
  return (
    <div className="teacher-page" data-testid="teacher-page">
      <div className="ch-head">
        <h1 style={{ flex: 1, fontSize: '1.35rem' }}>Teacher notes</h1>
        <button type="button" onClick={onClose}>
          ✕ Back to the lab
        </button>
      </div>
      <p>
        Each lesson is a short story about one published result: it plays to the moment that matters
        and pauses there, and asks the students to predict before the key run. Below, for each
        lesson, what the students should be able to say afterwards and questions to ask the class;
        then challenges to hand out, with their answers. On their own, students keep their
        predictions and challenge attempts in their browser, and nothing is sent anywhere. In a live
        class (the Class button, with <code>npm run classroom</code> running), their answers and
        attempts go to the class server on your laptop, without their names.
      </p>

      <h2>Lessons</h2>
      {lessons.map((l) => {
        const goals = l.goals ?? [];
        const questions = l.questions ?? [];
        const link = `?lesson=${encodeURIComponent(l.id)}&step=1`;
        const ready = READY_CHALLENGES.filter((r) => r.lesson === l.id);
        return (
          <section key={l.id} data-lesson={l.id} aria-labelledby={`tn-${l.id}`}>
            <h2 id={`tn-${l.id}`}>{l.title}</h2>
            {l.claim && <p>{l.claim}</p>}
            {l.source && <p className="ch-muted">Source: {l.source}</p>}
            {goals.length > 0 && (
              <>
                <h3>Goals</h3>
                <ul>
                  {goals.map((g) => (
                    <li key={g}>{g}</li>
                  ))}
                </ul>
              </>
            )}
            {questions.length > 0 && (
              <>
                <h3>Questions to ask</h3>
                <ul>
                  {questions.map((q) => (
                    <li key={q}>{q}</li>
                  ))}
                </ul>
              </>
            )}
            <p>
              <a href={onThisProjector(link)}>Open the lesson</a>{' '}
              <CopyButton text={absolute(link)} label={`Copy link to ${l.title}`} />
              {ready.length > 0 && (
                <span className="ch-muted">
                  {' '}
                  · Challenge{ready.length > 1 ? 's' : ''} to follow:{' '}
                  {ready.map((r, i) => (
                    <span key={r.id}>
                      {i > 0 && ', '}
                      <a href={`#ch-${r.id}`}>{r.challenge.title}</a>
                    </span>
                  ))}
                </span>
              )}
            </p>
          </section>
        );
      })}

      <h2>Challenges</h2>
      <p>
        A challenge link opens a scenario with some settings locked or hidden, asks a question, and
        checks each of the student’s runs when it completes (pass or fail, with the figure), keeping
        the student’s best attempt in their browser. The answers below were found with{' '}
        <code>npm run sweep</code> and checked with <code>npm run sim</code> on the same seed; the
        app gives the same figures.
      </p>
      {READY_CHALLENGES.map((r) => {
        const link = readyLink(r);
        return (
          <section
            key={r.id}
            id={`ch-${r.id}`}
            data-challenge={r.id}
            aria-labelledby={`tc-${r.id}`}
          >
            <h2 id={`tc-${r.id}`}>{r.challenge.title}</h2>
            <p>{r.challenge.question}</p>
            <p>
              <span className="ch-label">Check: </span>
              {checkText(r.challenge)}. <span className="ch-label">Locked: </span>
              {Object.keys(r.challenge.locked)
                .map((k) => SCHEMA[k as keyof typeof SCHEMA].label)
                .join(', ')}
              .
            </p>
            <p>
              <a href={onThisProjector(link)}>Open the challenge</a>{' '}
              <CopyButton text={absolute(link)} label={`Copy link to ${r.challenge.title}`} />
            </p>
            <details>
              <summary>Answer</summary>
              <p className="teacher-answer">{r.answer}</p>
            </details>
          </section>
        );
      })}

      <h2>Your own challenge</h2>
      <p>
        Open any scenario, change it until it shows what you want the class to find, then press{' '}
        <strong>Make a challenge</strong> in the header: choose the settings to lock or hide (they
        keep their current values), the metric, the comparator and the target, and optionally the
        setting whose smallest or largest value wins. The dialog previews the card the students will
        see and copies its link.
      </p>
    </div>
  );
}
