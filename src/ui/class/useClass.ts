/**
 * The live class in the app: the room and role the URL names (`join=CODE`, `class=host`), the
 * session with the class server, and what follows from it: the projector sends the step on
 * show (`follow`), a student's page follows it (or explores on its own), opens what the
 * instructor pushes, and plays a prediction's run once the instructor reveals it.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { PushItem } from '../../classroom/protocol';
import type { NavMode } from '../useNav';
import type { NavState } from '../urlState';
import { readNav } from '../urlState';
import { lessonById } from '../lessons/catalog';
import { exactPreset } from '../presets';
import { checkClassServer, classInfo } from '../share/serverInfo';
import { pushSpeed } from './pushItem';
import {
  ClassSession,
  createRoom,
  fetchLesson,
  hostToken,
  lastRoom,
  uploadLesson,
} from './session';

/** The question id of a lesson's prediction (the same on the projector and every phone). */
export const questionId = (lesson: string, predict: string) => `${lesson}.${predict}`;

export function useClass({
  nav,
  navigate,
}: {
  nav: NavState;
  navigate(patch: Partial<NavState>, how?: NavMode): void;
}) {
  const cr = nav.classroom;
  const info = useSyncExternalStore(classInfo.subscribe, classInfo.get);
  const [session] = useState(() => new ClassSession());
  const s = useSyncExternalStore(session.subscribe, session.get);
  const [following, setFollowing] = useState(true);
  const [revealing, setRevealing] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const role = cr?.role ?? null;
  const room = cr?.room ?? null;
  const token = role === 'host' && room ? hostToken(room) : null;
  const served = info !== 'checking' && info !== null;
  useEffect(() => {
    if (role) void checkClassServer();
  }, [role]);

  useEffect(() => {
    if (!served || !room) session.connect(null);
    else if (role === 'student') session.connect({ role: 'student', room });
    else if (role === 'host' && token) session.connect({ role: 'host', room, token });
    else session.connect(null);
  }, [served, role, room, token, session]);
  useEffect(() => () => session.close(), [session]);

  // The projector: the step the class follows. A lesson of the instructor's own (a lesson
  // file in the link) is first kept by the server, and the step names it (`lessonRef`).
  const host = s.role === 'host' && s.status === 'open';
  const [lessonError, setLessonError] = useState<string | null>(null);
  useEffect(() => {
    if (!host || !room) return;
    const lesson = nav.lesson ? lessonById(nav.lesson) : undefined;
    const file = lesson ? nav.lessonFile : null;
    let live = true;
    const send = (lessonRef?: string) =>
      session.send({
        type: 'follow',
        view: {
          query: nav.query,
          ...(lesson
            ? {
                lesson: lesson.id,
                ...(lessonRef ? { lessonRef } : {}),
                step: nav.step,
                title: lesson.title,
              }
            : {}),
        },
      });
    const t = setTimeout(() => {
      if (!file) {
        setLessonError(null);
        return send();
      }
      uploadLesson(room, file).then(
        (ref) => {
          if (!live) return;
          setLessonError(null);
          send(ref);
        },
        (e: Error) => {
          if (!live) return;
          setLessonError(`${e.message}. The phones follow the scenario, without the lesson.`);
          session.send({ type: 'follow', view: { query: nav.query } });
        },
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [host, room, nav.query, nav.lesson, nav.lessonFile, nav.step, session]);

  // A student: follows the instructor's step and opens what is pushed; once the class has
  // ended, stops following (the page stays where it is, the student's own).
  const student = s.role === 'student';
  const ended = s.room?.status === 'ended';
  const [endSeen, setEndSeen] = useState(false);
  if (student && ended !== endSeen) {
    // Adjusted while rendering (React's pattern for state that follows a prop): the end, once
    // seen, leaves the phone on its own; a class reopened later is followed again by choice.
    setEndSeen(ended);
    if (ended) setFollowing(false);
  }
  const view = s.room?.view ?? null;
  const viewKey = JSON.stringify(view);
  const here = useRef(nav);
  useEffect(() => {
    here.current = nav;
  });
  // A lesson of the instructor's own: its file, fetched from the server once per reference.
  const [fetched, setFetched] = useState<{ ref: string; file: string } | null>(null);
  const lessonRef = view?.lessonRef ?? null;
  useEffect(() => {
    if (!student || !room || !lessonRef || fetched?.ref === lessonRef) return;
    let live = true;
    fetchLesson(room, lessonRef).then(
      (file) => {
        if (!live) return;
        // Read as a link's value: a file that does not read names its field, and the phone
        // follows the scenario alone.
        if (readNav(`?lessonFile=${file}`).nav.lessonFile === null)
          setLessonError('The instructor’s lesson could not be read; following its scenario.');
        else setLessonError(null);
        setFetched({ ref: lessonRef, file });
      },
      (e: Error) => {
        if (live) setLessonError(`${e.message}; following the scenario without the lesson.`);
      },
    );
    return () => {
      live = false;
    };
  }, [student, room, lessonRef, fetched?.ref]);
  const lessonFile = lessonRef && fetched?.ref === lessonRef ? fetched.file : null;
  useEffect(() => {
    if (!student || !following || !view || ended) return;
    // A lesson of the instructor's own waits for its file.
    if (view.lessonRef && !lessonFile) return;
    // Already there (a pushed challenge of this very scenario stays open).
    const n = here.current;
    const lesson = view.lesson && lessonById(view.lesson) ? view.lesson : null;
    if (n.query === view.query && n.lesson === lesson && (!lesson || n.step === (view.step ?? 0)))
      return;
    navigate(
      {
        query: view.query,
        // A lesson sets its own speed; a scenario plays in real time.
        ...(lesson ? {} : { speed: 1 }),
        base: exactPreset(view.query)?.name ?? null,
        lesson,
        lessonFile: lesson && view.lessonRef ? lessonFile : null,
        step: view.step ?? 0,
        compare: false,
        bOverrides: '',
        challenge: null,
        page: 'sim',
      },
      'replace',
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [student, following, viewKey, navigate, ended, lessonFile]);

  const openPush = useCallback(
    (item: PushItem) => {
      const r = readNav(item.query).nav;
      navigate({
        query: r.query,
        base: r.base,
        challenge: r.challenge,
        // A challenge at Max (unless its link names a speed: it needs real time), a scenario at
        // its own speed (1× unless it says); never the slow motion of a lesson before it.
        speed: pushSpeed(item, r.speed),
        lesson: null,
        lessonFile: null,
        compare: false,
        bOverrides: '',
        page: 'sim',
      });
    },
    [navigate],
  );
  const push = s.room?.push ?? null;
  const pushKey = JSON.stringify(push);
  useEffect(() => {
    if (student && following && push && !ended) openPush(push);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [student, pushKey, openPush]);

  /** Whether a lesson's prediction is being revealed to the class (its run plays). */
  const played = useCallback(
    (lesson: string, predict: string) => {
      const id = questionId(lesson, predict);
      const q = s.room?.question;
      return revealing === id || (!!q && q.qid === id && !!q.revealed);
    },
    [revealing, s.room?.question],
  );

  const startClass = useCallback(async () => {
    setStartError(null);
    try {
      const r = await createRoom();
      navigate({ classroom: { role: 'host', room: r.code } }, 'replace');
    } catch (e) {
      setStartError(`Could not open a room: ${(e as Error).message}`);
    }
  }, [navigate]);

  return {
    role,
    room,
    info,
    token,
    state: s,
    session,
    following,
    setFollowing,
    revealing,
    setRevealing,
    played,
    openPush,
    startClass,
    startError,
    /** A lesson of the instructor's own that the class could not get (projector or phone). */
    lessonError,
    open: () => navigate({ classroom: { role: 'host', room: lastRoom() } }, 'push'),
    /** The projector takes up a room this browser opened (after a restart, next week). */
    resume: (code: string) => navigate({ classroom: { role: 'host', room: code } }, 'replace'),
    leave: () => navigate({ classroom: null }, 'push'),
    /** A phone joins room `code` (typed on the join page). */
    join: (code: string) => navigate({ classroom: { role: 'student', room: code } }, 'replace'),
  };
}

export type ClassDriver = ReturnType<typeof useClass>;
