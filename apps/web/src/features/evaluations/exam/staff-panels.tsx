import * as Dialog from '@radix-ui/react-dialog';
import type { AttemptRosterRow, Evaluation } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { TextField } from '../../../ui/fields.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { toastError } from '../../../ui/toast-error.ts';
import { QuestionEditor } from './question-editor.tsx';
import { QuestionImport } from './question-import.tsx';
import { questionNumbers } from './question-review.tsx';
import { QuizStatisticsPanel } from './quiz-statistics.tsx';
import { QuestionPreview, questionLabel } from './test-page.tsx';
import './exam.css';

/** Staff panels of an exam's page: its questions (with GIFT import) and its attempts. */
export function ExamStaffPanels({ evaluation }: { evaluation: Evaluation }) {
  if (evaluation.type !== 'exam') return null;
  return (
    <>
      <QuestionsPanel evaluationId={evaluation.id} />
      <RosterPanel evaluationId={evaluation.id} timeZone={evaluation.time_zone} />
      <QuizStatisticsPanel evaluationId={evaluation.id} />
    </>
  );
}

/** A dialog around a form (`wide` for the question editor and its preview); closes when done. */
function FormDialog({
  title,
  trigger,
  wide = false,
  children,
}: {
  title: string;
  trigger: React.ReactNode;
  wide?: boolean;
  children: (close: () => void) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content
          className={wide ? 'dialog card exam-editor-dialog' : 'dialog card'}
          aria-describedby={undefined}
        >
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          {children(() => setOpen(false))}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function QuestionsPanel({ evaluationId }: { evaluationId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, error } = useQuestions(evaluationId);
  // Once a student has started, the quiz is what they answer: the server refuses any change
  // (409), so the page offers none and says why.
  const roster = useAttemptRoster(evaluationId);
  const locked = roster.data?.data.some((row) => row.attempt !== null) ?? false;
  const numbers = questionNumbers(data?.data ?? []);
  const remove = async (id: number) => {
    try {
      await deleteQuestion(id);
      await queryClient.invalidateQueries({ queryKey: ['exam', 'questions', evaluationId] });
    } catch (failure) {
      toastError(failure);
    }
  };
  return (
    <section className="card exam-panel" aria-labelledby="exam-questions-title">
      <h2 id="exam-questions-title">{t('exams.staff.questions')}</h2>
      {locked && <Notice kind="info">{t('exams.staff.locked')}</Notice>}
      <div className="exam-panel__actions">
        {!locked && (
          <>
            <FormDialog
              title={t('exams.staff.add')}
              wide
              trigger={
                <button type="button" className="button button--primary">
                  {t('exams.staff.add')}
                </button>
              }
            >
              {(close) => <QuestionEditor evaluationId={evaluationId} onDone={close} />}
            </FormDialog>
            <FormDialog
              title={t('exams.import.importQuestions')}
              wide
              trigger={
                <button type="button" className="button button--ghost">
                  {t('exams.import.importQuestions')}
                </button>
              }
            >
              {(close) => <QuestionImport evaluationId={evaluationId} onDone={close} />}
            </FormDialog>
          </>
        )}
        <Link to={`/test/${evaluationId}`} className="button button--ghost">
          {t('exams.test.preview')}
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
      {data && data.data.length === 0 && <p>{t('exams.staff.noQuestions')}</p>}
      <ol className="exam-list">
        {data?.data.map((question) => (
          <li key={question.id} className="card">
            <QuestionPreview question={question} number={numbers.get(question.id) ?? null} />
            {!locked && (
              <div className="exam-panel__actions">
                <FormDialog
                  title={t('exams.staff.edit')}
                  wide
                  trigger={
                    <button type="button" className="button button--ghost">
                      {t('exams.staff.edit')}
                    </button>
                  }
                >
                  {(close) => (
                    <QuestionEditor
                      evaluationId={evaluationId}
                      question={question}
                      onDone={close}
                    />
                  )}
                </FormDialog>
                <ConfirmDialog
                  kind="delete"
                  subject={questionLabel(question)}
                  trigger={
                    <button type="button" className="button button--ghost">
                      {t('exams.staff.delete')}
                    </button>
                  }
                  onConfirm={() => remove(question.id)}
                />
              </div>
            )}
          </li>
        ))}
      </ol>
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
