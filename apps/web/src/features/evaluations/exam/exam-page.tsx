import type { AttemptView } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { finishAttempt, saveAnswers, useAttempt } from '../../../api/exams.ts';
import { ApiError } from '../../../lib/http.ts';
import { useSendWhenOnline } from '../../../lib/offline-queue.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import {
  acknowledge,
  MILESTONES,
  type QueuedAnswer,
  readHandIn,
  readQueue,
  retryDelay,
  skewOf,
  writeHandIn,
  writeQueue,
} from './answer-queue.ts';
import { QuestionField } from './question-field.tsx';
import { QuestionReview, questionNumbers } from './question-review.tsx';
import './exam.css';

type SaveState = 'saved' | 'saving' | 'offline' | 'closed';
const DEBOUNCE_MS = 800;

/** `/start-evaluation/:id/:token`: the student's exam, clocked by the server. */
export function ExamPage() {
  const { t } = useTranslation();
  const params = useParams();
  const attemptId = Number(params.token);
  const { data, error } = useAttempt(attemptId);
  usePageTitle(data?.title ?? t('exams.title'));
  if (error) return <p className="container page notice notice--error">{error.message}</p>;
  if (!data) return <p className="container page">{t('app.loading')}</p>;
  return <ExamRun key={data.id} attempt={data} />;
}

/** Local time (ms) at which the attempt ends, from the server's remaining time at receipt. */
const endOf = (view: { remaining_seconds: number }, receivedAt: number) =>
  receivedAt + view.remaining_seconds * 1000;

function ExamRun({ attempt }: { attempt: AttemptView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [view, setView] = useState(attempt);
  const [answers, setAnswers] = useState<Record<string, QueuedAnswer['value']>>(() => {
    const merged: Record<string, QueuedAnswer['value']> = {};
    for (const saved of attempt.answers) merged[saved.question_id] = saved.value;
    for (const [id, queued] of Object.entries(readQueue(attempt.id))) merged[id] = queued.value;
    return merged;
  });
  const [state, setState] = useState<SaveState>(attempt.finished_at ? 'closed' : 'saved');
  // A hand-in confirmed (or due at zero) but not yet taken by the server, from this visit or an
  // earlier one: the answers can no longer change, and it goes out once they are all sent.
  const [handInQueued, setHandInQueued] = useState(
    () => !attempt.finished_at && readHandIn(attempt.id),
  );
  const received = useRef(Date.now());
  const skew = useRef(skewOf(attempt.server_now, received.current));
  const endsAt = useRef(endOf(attempt, received.current));
  const [left, setLeft] = useState(attempt.remaining_seconds);
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const failures = useRef(0);
  const running = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const closed = view.finished_at !== null;

  const showClosed = useCallback(
    (next: AttemptView) => {
      setView(next);
      setState('closed');
      setHandInQueued(false);
      writeQueue(next.id, {});
      writeHandIn(next.id, false);
      queryClient.setQueryData(['exam', 'attempt', next.id], next);
    },
    [queryClient],
  );

  /**
   * Sends what is queued, in order: the answers, then the hand-in when one waits (decision 44: the
   * server keeps answers typed in time, and finishing a closed attempt answers its closed view, so
   * a retried hand-in is safe). On a failure all stays queued and a retry is set with backoff.
   * One pass at a time: a call during a pass makes it go round once more.
   */
  const sync = useCallback(
    function sync(): Promise<void> {
      if (running.current) {
        again.current = true;
        return running.current;
      }
      /** One pass; false when the connection failed (a retry is then set). */
      const pass = async (): Promise<boolean> => {
        try {
          for (;;) {
            const queue = readQueue(attempt.id);
            const entries = Object.entries(queue);
            if (entries.length > 0) {
              setState('saving');
              const answer = await saveAnswers(attempt.id, {
                answers: entries.map(([id, entry]) => ({ question_id: Number(id), ...entry })),
              });
              const receivedAt = Date.now();
              skew.current = skewOf(answer.server_now, receivedAt);
              endsAt.current = endOf(answer, receivedAt);
              writeQueue(attempt.id, acknowledge(readQueue(attempt.id), queue));
              continue;
            }
            if (readHandIn(attempt.id)) {
              setState('saving');
              showClosed(await finishAttempt(attempt.id));
              return true;
            }
            failures.current = 0;
            setState((current) => (current === 'closed' ? current : 'saved'));
            return true;
          }
        } catch (failure) {
          if (failure instanceof ApiError && failure.status === 409) {
            // The attempt has closed meanwhile: its closed view, from the idempotent hand-in.
            try {
              showClosed(await finishAttempt(attempt.id));
              return true;
            } catch {
              // The connection dropped again: retried below.
            }
          }
          failures.current += 1;
          setState('offline');
          clearTimeout(timer.current);
          timer.current = setTimeout(() => void sync(), retryDelay(failures.current));
          return false;
        }
      };
      const run = (async () => {
        let sent = true;
        do {
          again.current = false;
          sent = await pass();
        } while (sent && again.current);
      })().finally(() => {
        running.current = null;
      });
      running.current = run;
      return run;
    },
    [attempt.id, showClosed],
  );

  const change = (questionId: number, value: QueuedAnswer['value']) => {
    if (closed || handInQueued) return;
    setAnswers((current) => ({ ...current, [questionId]: value }));
    const typed_at = new Date(Date.now() + skew.current).toISOString();
    writeQueue(attempt.id, { ...readQueue(attempt.id), [questionId]: { value, typed_at } });
    if (state !== 'offline') setState('saving');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void sync(), DEBOUNCE_MS);
  };

  // What an earlier visit queued (answers, a hand-in) goes out at once; a regained connection
  // sends the rest.
  useSendWhenOnline(sync, !closed, failures, timer);

  // A hand-in the server made meanwhile (the closing job, another device) leaves nothing queued.
  useEffect(() => {
    if (attempt.finished_at) writeHandIn(attempt.id, false);
  }, [attempt.finished_at, attempt.id]);

  /** Queues the hand-in behind the answers and sends it; offline, it waits for the connection. */
  const queueHandIn = useCallback(() => {
    writeHandIn(attempt.id, true);
    setHandInQueued(true);
    return sync();
  }, [attempt.id, sync]);

  /**
   * At zero the copy is handed in: what is still queued goes first (the server takes answers typed
   * in time for a minute after the deadline), then the hand-in, queued like the student's own.
   */
  const timeUp = useCallback(() => {
    if (!readHandIn(attempt.id)) void queueHandIn();
  }, [attempt.id, queueHandIn]);

  // The countdown, from the server's remaining time; at zero the attempt is handed in.
  useEffect(() => {
    if (closed) return;
    const tick = () => {
      const seconds = Math.max(0, Math.round((endsAt.current - Date.now()) / 1000));
      setLeft(seconds);
      if (seconds % 60 === 0 && MILESTONES.includes(seconds / 60)) {
        setAnnouncement(t('exams.run.milestone', { count: seconds / 60 }));
      }
      if (seconds === 0) timeUp();
    };
    tick();
    const interval = setInterval(tick, 1000);
    return () => clearInterval(interval);
  }, [closed, timeUp, t]);

  const numbers = questionNumbers(view.questions);
  const reviews = new Map((view.review ?? []).map((review) => [review.question_id, review]));
  const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  const stateText = handInQueued
    ? t(state === 'offline' ? 'exams.run.state.handInOffline' : 'exams.run.state.handingIn')
    : t(`exams.run.state.${state}`);
  return (
    <div className="container page exam-page">
      <PageHeader eyebrow={t('exams.title')} title={view.title} />
      {closed ? (
        <>
          <Notice kind="success">
            {t(view.finished_by === 'timeout' ? 'exams.run.closedByTime' : 'exams.run.handedIn')}
          </Notice>
          {view.review === null && <p>{t('exams.review.later')}</p>}
        </>
      ) : (
        <div className="exam-bar card">
          <p className="exam-bar__clock">
            <span>{t('exams.run.remaining')}</span> <strong aria-hidden="true">{clock}</strong>
            <span className="sr-only">
              {t('exams.run.minutesLeft', { count: Math.ceil(left / 60) })}
            </span>
          </p>
          <p className={`exam-bar__state exam-bar__state--${state}`} role="status">
            {stateText}
          </p>
          {!handInQueued && (
            <ConfirmDialog
              kind="archive"
              question={t('exams.run.confirmHandIn')}
              trigger={
                <button type="button" className="button button--primary">
                  {t('exams.run.handIn')}
                </button>
              }
              onConfirm={queueHandIn}
            />
          )}
        </div>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <ol className="exam-questions">
        {view.questions.map((question) => (
          <li key={question.id} className="card exam-question">
            <QuestionField
              question={question}
              number={numbers.get(question.id) ?? null}
              value={answers[question.id] ?? {}}
              disabled={closed || handInQueued}
              onChange={(value) => change(question.id, value)}
            />
            {reviews.has(question.id) && (
              <QuestionReview review={reviews.get(question.id)!} points={question.points} />
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
