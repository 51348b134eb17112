import type { AttemptRosterRow, Evaluation, Question, QuestionDraw } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Shuffle } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  deleteQuestion,
  questionExportUrl,
  setExtraTime,
  useAttemptRoster,
  useQuestions,
} from '../../../api/exams.ts';
import { deleteDraw, reorderQuiz } from '../../../api/question-bank.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { TextField } from '../../../ui/fields.tsx';
import { DialogButton, FormDialog } from '../../../ui/form-dialog.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { SortableList } from '../../../ui/sortable-list.tsx';
import { toastError } from '../../../ui/toast-error.ts';
import { QuestionEditor } from './question-editor.tsx';
import { QuestionImport } from './question-import.tsx';
import { questionNumbers } from './question-review.tsx';
import { DrawForm, FromBankPicker } from './quiz-from-bank.tsx';
import { QuizRegrade } from './quiz-regrade.tsx';
import { QuizStatisticsPanel } from './quiz-statistics.tsx';
import { QuestionPreview, questionLabel } from './test-page.tsx';
import './exam.css';

/** Staff panels of an exam's page: its questions (with GIFT import) and its attempts. */
export function ExamStaffPanels({ evaluation }: { evaluation: Evaluation }) {
  if (evaluation.type !== 'exam') return null;
  return (
    <>
      <QuestionsPanel evaluation={evaluation} />
      <RosterPanel evaluationId={evaluation.id} timeZone={evaluation.time_zone} />
      <QuizStatisticsPanel evaluationId={evaluation.id} />
    </>
  );
}

/** One item of the quiz's order: a question every attempt gets, or a random draw with its pool. */
type QuizItem =
  | { type: 'question'; id: number; position: number; question: Question }
  | { type: 'draw'; id: number; position: number; draw: QuestionDraw; pool: Question[] };

/** The quiz as its editor orders it: the questions outside draws and the draws, by position. */
function itemsOf(questions: readonly Question[], draws: readonly QuestionDraw[]): QuizItem[] {
  const items: QuizItem[] = [
    ...questions
      .filter((question) => question.draw_id === null)
      .map((question) => ({
        type: 'question' as const,
        id: question.id,
        position: question.position,
        question,
      })),
    ...draws.map((draw) => ({
      type: 'draw' as const,
      id: draw.id,
      position: draw.position,
      draw,
      pool: questions.filter((question) => question.draw_id === draw.id),
    })),
  ];
  return items.sort((a, b) => a.position - b.position || a.id - b.id);
}

/** A question's buttons: before any attempt, edit and delete; after, only its key's fix. */
function QuestionActions({
  evaluationId,
  question,
  locked,
  onDelete,
}: {
  evaluationId: number;
  question: Question;
  locked: boolean;
  onDelete?: () => Promise<void>;
}) {
  const { t } = useTranslation();
  if (locked) {
    return question.kind === 'description' ? null : (
      <div className="exam-panel__actions">
        <DialogButton label={t('exams.staff.fixKey')} wide>
          {(close) => (
            <QuestionEditor
              evaluationId={evaluationId}
              question={question}
              keyOnly
              onDone={close}
            />
          )}
        </DialogButton>
      </div>
    );
  }
  return (
    <div className="exam-panel__actions">
      <DialogButton label={t('exams.staff.edit')} wide>
        {(close) => (
          <QuestionEditor evaluationId={evaluationId} question={question} onDone={close} />
        )}
      </DialogButton>
      {onDelete && (
        <ConfirmDialog
          kind="delete"
          subject={questionLabel(question)}
          trigger={
            <button type="button" className="button button--ghost">
              {t('exams.staff.delete')}
            </button>
          }
          onConfirm={onDelete}
        />
      )}
    </div>
  );
}

/** A random draw: what it draws, its pool on demand, and its removal while nobody started. */
function DrawCard({
  evaluationId,
  item,
  locked,
  onRemove,
}: {
  evaluationId: number;
  item: Extract<QuizItem, { type: 'draw' }>;
  locked: boolean;
  onRemove: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <div className="exam-draw">
      <p className="exam-draw__label">
        <Shuffle size={16} aria-hidden="true" />
        {t('exams.bank.drawLabel', {
          count: item.draw.count,
          category: item.draw.category || t('exams.bank.wholeBank'),
          pool: item.draw.pool,
          points: item.draw.points,
        })}
      </p>
      <details>
        <summary>{t('exams.bank.drawPool')}</summary>
        <ol className="exam-list">
          {item.pool.map((question) => (
            <li key={question.id} className="card">
              <QuestionPreview question={question} number={null} />
              <QuestionActions evaluationId={evaluationId} question={question} locked={locked} />
            </li>
          ))}
        </ol>
      </details>
      {!locked && (
        <div className="exam-panel__actions">
          <ConfirmDialog
            kind="delete"
            subject={t('exams.bank.draw')}
            trigger={
              <button type="button" className="button button--ghost">
                {t('exams.bank.drawRemove')}
              </button>
            }
            onConfirm={onRemove}
          />
        </div>
      )}
    </div>
  );
}

function QuestionsPanel({ evaluation }: { evaluation: Evaluation }) {
  const { t } = useTranslation();
  const evaluationId = evaluation.id;
  const subjectId = evaluation.subject.id;
  const queryClient = useQueryClient();
  const { data, error } = useQuestions(evaluationId);
  // Once a student has started, the quiz is what they answer: the server refuses any change but
  // a question's key, points and title (409, decision 190), so the page offers only that fix, and
  // the regrade of the handed-in attempts, and says why.
  const roster = useAttemptRoster(evaluationId);
  const locked = roster.data?.data.some((row) => row.attempt !== null) ?? false;
  const items = useMemo(() => itemsOf(data?.data ?? [], data?.draws ?? []), [data]);
  const numbers = questionNumbers(
    items.flatMap((item) => (item.type === 'question' ? [item.question] : [])),
  );
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: ['exam', 'questions', evaluationId] });
  const attempt = async (work: () => Promise<unknown>) => {
    try {
      await work();
      await refresh();
    } catch (failure) {
      toastError(failure);
      throw failure;
    }
  };
  const reorder = (next: QuizItem[]) =>
    attempt(() =>
      reorderQuiz(evaluationId, { items: next.map((item) => ({ type: item.type, id: item.id })) }),
    );
  return (
    <section className="card exam-panel" aria-labelledby="exam-questions-title">
      <h2 id="exam-questions-title">{t('exams.staff.questions')}</h2>
      {locked && <Notice kind="info">{t('exams.staff.locked')}</Notice>}
      <div className="exam-panel__actions">
        {!locked && (
          <>
            <DialogButton label={t('exams.staff.add')} primary wide>
              {(close) => <QuestionEditor evaluationId={evaluationId} onDone={close} />}
            </DialogButton>
            <DialogButton label={t('exams.bank.fromBank')} wide>
              {(close) => (
                <FromBankPicker evaluationId={evaluationId} subjectId={subjectId} onDone={close} />
              )}
            </DialogButton>
            <DialogButton label={t('exams.bank.draw')}>
              {(close) => (
                <DrawForm evaluationId={evaluationId} subjectId={subjectId} onDone={close} />
              )}
            </DialogButton>
            <DialogButton label={t('exams.import.importQuestions')} wide>
              {(close) => <QuestionImport evaluationId={evaluationId} onDone={close} />}
            </DialogButton>
          </>
        )}
        {locked && (
          <FormDialog
            title={t('exams.regrade.title')}
            wide
            trigger={
              <button type="button" className="button button--primary">
                {t('exams.staff.regrade')}
              </button>
            }
          >
            {(close) => <QuizRegrade evaluationId={evaluationId} onDone={close} />}
          </FormDialog>
        )}
        <Link to={`/test/${evaluationId}`} className="button button--ghost">
          {t('exams.test.preview')}
        </Link>
        <Link to={`/question-bank/${subjectId}`} className="button button--ghost">
          {t('exams.bank.open')}
        </Link>
        {data && data.data.length > 0 && (
          <>
            <a
              href={questionExportUrl(evaluationId, 'gift')}
              download
              className="button button--ghost"
            >
              {t('exams.import.exportGift')}
            </a>
            <a
              href={questionExportUrl(evaluationId, 'moodle_xml')}
              download
              className="button button--ghost"
            >
              {t('exams.import.exportXml')}
            </a>
          </>
        )}
      </div>
      {error && <Notice kind="error">{error.message}</Notice>}
      {data && items.length === 0 && <p>{t('exams.staff.noQuestions')}</p>}
      {!locked && items.length > 1 && <p className="field__hint">{t('exams.bank.reorderHint')}</p>}
      <SortableList
        items={items}
        keyOf={(item) => `${item.type}:${item.id}`}
        nameOf={(item) =>
          item.type === 'question' ? questionLabel(item.question) : t('exams.bank.draw')
        }
        onReorder={locked ? undefined : reorder}
        numbered={false}
        render={(item) =>
          item.type === 'question' ? (
            <div className="exam-item">
              <QuestionPreview
                question={item.question}
                number={numbers.get(item.question.id) ?? null}
              />
              <QuestionActions
                evaluationId={evaluationId}
                question={item.question}
                locked={locked}
                onDelete={() => attempt(() => deleteQuestion(item.question.id))}
              />
            </div>
          ) : (
            <DrawCard
              evaluationId={evaluationId}
              item={item}
              locked={locked}
              onRemove={() => attempt(() => deleteDraw(item.id))}
            />
          )
        }
      />
    </section>
  );
}

function ExtraTime({
  evaluationId,
  row,
  onDone,
}: {
  evaluationId: number;
  row: AttemptRosterRow;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<{ extra_minutes: string }>({
    defaultValues: { extra_minutes: String(row.extra_minutes) },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await setExtraTime(evaluationId, row.student.id, Number(values.extra_minutes));
      await queryClient.invalidateQueries({ queryKey: ['exam', 'roster', evaluationId] });
      onDone();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['extra_minutes'])) toastError(error);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label={t('exams.roster.extraMinutes')}
        type="number"
        min={0}
        max={600}
        error={form.formState.errors.extra_minutes}
        {...form.register('extra_minutes')}
      />
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('confirm.cancel')}
        </button>
        <button type="submit" className="button button--primary">
          {t('exams.staff.save')}
        </button>
      </div>
    </form>
  );
}

function RosterPanel({ evaluationId, timeZone }: { evaluationId: number; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const { data, error } = useAttemptRoster(evaluationId);
  const time = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short', timeZone }).format(
      new Date(value),
    );
  return (
    <section className="card exam-panel" aria-labelledby="exam-roster-title">
      <h2 id="exam-roster-title">{t('exams.roster.title')}</h2>
      {error && <Notice kind="error">{error.message}</Notice>}
      <div className="exam-table">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('exams.roster.student')}</th>
              <th scope="col">{t('exams.roster.attempt')}</th>
              <th scope="col">{t('exams.roster.score')}</th>
              <th scope="col">{t('exams.roster.extraMinutes')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.data.map((row) => {
              const name = `${row.student.first_name} ${row.student.last_name}`;
              const attempt = row.attempt;
              return (
                <tr key={row.student.id}>
                  <th scope="row">{name}</th>
                  <td>
                    {!attempt
                      ? t('exams.roster.notStarted')
                      : attempt.finished_at
                        ? t('exams.roster.finished', {
                            at: time(attempt.finished_at),
                            count: attempt.answered,
                          })
                        : t('exams.roster.running', {
                            at: time(attempt.deadline_at),
                            count: attempt.answered,
                          })}
                  </td>
                  <td>{attempt?.score ?? '—'}</td>
                  <td>
                    <FormDialog
                      title={t('exams.roster.extraFor', { name })}
                      trigger={
                        <button
                          type="button"
                          className="button button--ghost"
                          aria-label={t('exams.roster.extraFor', { name })}
                        >
                          {t('exams.roster.minutes', { count: row.extra_minutes })}
                        </button>
                      }
                    >
                      {(close) => (
                        <ExtraTime evaluationId={evaluationId} row={row} onDone={close} />
                      )}
                    </FormDialog>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
