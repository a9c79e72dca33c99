/**
 * Where the live class enters the app (classWiring.tsx loads these once the page is in a
 * class): the student's bar above the views ("top"), the projector's panel in the settings
 * column beside the views ("side"), and the class's question in the lesson card's place of
 * the prediction. The header's "Class" and "QR" buttons: ClassTools.tsx.
 */
import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { Scenario } from '../../sim';
import { toQuery } from '../../sim';
import type { Challenge } from '../challenges/challenge';
import type { RunStore } from '../data/runStore';
import { useCardHeadSlot } from '../lessons/cardActions';
import type { LessonDriver } from '../lessons/useLesson';
import { exactPreset } from '../presets';
import { ClassAttempts } from './ClassAttempts';
import { HostPanel } from './HostPanel';
import { HostQuestion } from './HostQuestion';
import { FollowToggle, StudentBar, StudentQuestion } from './StudentPanel';
import type { ClassDriver } from './useClass';
import { questionId } from './useClass';
import { localLesson } from '../lessons/lessonWords';

export interface ClassLayerProps {
  at: 'top' | 'side';
  cls: ClassDriver;
  lessons: LessonDriver;
  store: RunStore;
  query: string;
  challenge: Challenge | null;
  encoded: string | null;
  scenario: Scenario;
}

export function ClassLayer(p: ClassLayerProps) {
  const { cls, lessons, store } = p;
  useSyncExternalStore(store.subscribeStatus, store.getStatus);
  const cardHead = useCardHeadSlot();
  if (p.at === 'side') {
    if (cls.role !== 'host') return null;
    const words = lessons.lesson && localLesson(lessons.lesson);
    const step = words?.steps[lessons.step];
    const title =
      p.challenge?.title ??
      (step && words ? `${words.title}: ${step.title}` : null) ??
      exactPreset(p.query)?.title ??
      'Scenario';
    return (
      <HostPanel
        cls={cls}
        lessons={lessons}
        store={store}
        query={p.query}
        challenge={p.encoded}
        title={title}
      />
    );
  }
  if (cls.role !== 'student') return null;
  const ended = cls.state.room?.status === 'ended';
  // Once the class has ended the phone is the student's own: no question of the class.
  const q = ended ? null : (cls.state.room?.question ?? null);
  const lesson = lessons.lesson;
  const pred = lesson?.steps[lessons.step].predict;
  // The open question shows in the bar when the lesson card does not show it.
  const inCard = !!q && !!lesson && !!pred && q.qid === questionId(lesson.id, pred.id);
  const finished =
    store.done && store.info && toQuery(store.info.scenario) === p.query ? store.metrics : null;
  return (
    <>
      <StudentBar cls={cls} query={p.query} />
      {cardHead &&
        !ended &&
        cls.room &&
        cls.state.errorCode !== 'no-room' &&
        cls.info &&
        cls.info !== 'checking' &&
        createPortal(<FollowToggle cls={cls} open={!!q?.open} inCard />, cardHead)}
      {/* A pushed challenge replaces the question on the phone: the old one no longer shows. */}
      {q && !inCard && cls.following && !p.challenge && (
        <div className="class-bar-question">
          <StudentQuestion key={`${q.qid}.${q.round}`} cls={cls} q={q} />
        </div>
      )}
      {p.challenge && p.encoded && (
        <ClassAttempts
          cls={cls}
          challenge={p.challenge}
          encoded={p.encoded}
          scenario={p.scenario}
          query={p.query}
          finished={finished}
        />
      )}
    </>
  );
}

/**
 * In a class, the lesson card shows the class's question instead of a prediction of its own:
 * on the projector, ask / live answers / reveal; on a phone, the question to answer
 * (classWiring.classAsks decides when: the server answers and the step has a prediction).
 */
export function ClassPredict({
  cls,
  lessons,
  store,
}: {
  cls: ClassDriver;
  lessons: LessonDriver;
  store: RunStore;
}) {
  const lesson = lessons.lesson;
  const pred = lesson?.steps[lessons.step].predict;
  if (!lesson || !pred) return null;
  if (cls.role === 'host')
    return <HostQuestion key={pred.id} cls={cls} lessons={lessons} store={store} />;
  const q = cls.state.room?.question ?? null;
  if (q && q.qid === questionId(lesson.id, pred.id))
    return <StudentQuestion key={`${q.qid}.${q.round}`} cls={cls} q={q} />;
  return (
    <p className="class-wait muted" data-testid="class-wait">
      Predict with the class: the question appears here when the instructor asks it.
    </p>
  );
}
