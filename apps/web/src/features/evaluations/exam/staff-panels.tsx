import * as Dialog from '@radix-ui/react-dialog';
import type {
  AttemptRosterRow,
  Evaluation,
  GiftImportAnswer,
  Question,
  QuestionBody,
  QuestionKind,
} from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  createQuestion,
  deleteQuestion,
  importGift,
  setExtraTime,
  updateQuestion,
  useAttemptRoster,
  useQuestions,
} from '../../../api/exams.ts';
import { applyServerErrors, errorMessage } from '../../../lib/form-errors.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../../../ui/fields.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { toastError } from '../../../ui/toast-error.ts';
import { QuestionPreview } from './test-page.tsx';
import './exam.css';

const KINDS: QuestionKind[] = ['single', 'multiple', 'short', 'numerical', 'long'];

/** Staff panels of an exam's page: its questions (with GIFT import) and its attempts. */
export function ExamStaffPanels({ evaluation }: { evaluation: Evaluation }) {
  if (evaluation.type !== 'exam') return null;
  return (
    <>
      <QuestionsPanel evaluationId={evaluation.id} />
      <RosterPanel evaluationId={evaluation.id} timeZone={evaluation.time_zone} />
    </>
  );
}

/** The form's own shape: choices and answers one per line, right choices by their numbers. */
interface QuestionForm {
  kind: QuestionKind;
  prompt: string;
  choices: string;
  right: string;
  accepted: string;
  /** A numerical question's accepted numbers, one per line: `9.81`, `9.81:0.01` or `1..5`. */
  numbers: string;
  points: string;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The body the editor sends. A question that gives partial credit (weights, from an import) keeps
 * its key while the fields that make it are as they were: the form has no weights to edit.
 */
function toBody(form: QuestionForm, question?: Question): QuestionBody {
  const body = keyedBody(form);
  const original = question && toForm(question);
  const sameKey =
    original !== undefined &&
    (['kind', 'choices', 'right', 'accepted', 'numbers'] as const).every(
      (field) => form[field] === original[field],
    );
  return question?.answer_key?.weights && sameKey
    ? { ...body, answer_key: question.answer_key }
    : body;
}

const NUMBER = '[+-]?(?:\\d+(?:[.,]\\d*)?|[.,]\\d+)';
const RANGE = new RegExp(`^(${NUMBER})\\s*\\.\\.\\s*(${NUMBER})$`);
const TOLERANCE = new RegExp(`^(${NUMBER})(?:\\s*:\\s*(${NUMBER}))?$`);
const numeric = (text: string) => Number(text.replace(',', '.'));

/** One line of accepted numbers as a value and a tolerance; null when it is not one. */
function numberLine(line: string): { value: number; tolerance: number } | null {
  const range = RANGE.exec(line);
  if (range) {
    const [low, high] = [numeric(range[1]!), numeric(range[2]!)].sort((a, b) => a - b);
    return { value: (low! + high!) / 2, tolerance: (high! - low!) / 2 };
  }
  const exact = TOLERANCE.exec(line);
  if (!exact) return null;
  const tolerance = exact[2] === undefined ? 0 : numeric(exact[2]);
  return tolerance < 0 ? null : { value: numeric(exact[1]!), tolerance };
}

function keyedBody(form: QuestionForm): QuestionBody {
  const choice = form.kind === 'single' || form.kind === 'multiple';
  const right = form.right
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((n) => Number(n) - 1);
  return {
    kind: form.kind,
    prompt: form.prompt,
    choices: choice ? lines(form.choices) : [],
    answer_key:
      form.kind === 'long'
        ? null
        : choice
          ? { choices: right }
          : form.kind === 'numerical'
            ? { numbers: lines(form.numbers).flatMap((line) => numberLine(line) ?? []) }
            : { accepted: lines(form.accepted) },
    points: Number(form.points),
  };
}

function toForm(question?: Question): QuestionForm {
  return {
    kind: question?.kind ?? 'single',
    prompt: question?.prompt ?? '',
    choices: question?.choices.join('\n') ?? '',
    right: (question?.answer_key?.choices ?? []).map((i) => i + 1).join(', '),
    accepted: (question?.answer_key?.accepted ?? []).join('\n'),
    numbers: (question?.answer_key?.numbers ?? [])
      .map(({ value, tolerance }) => (tolerance === 0 ? `${value}` : `${value}:${tolerance}`))
      .join('\n'),
    points: String(question?.points ?? 1),
  };
}

function QuestionEditor({
  evaluationId,
  question,
  onDone,
}: {
  evaluationId: number;
  question?: Question;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<QuestionForm>({ defaultValues: toForm(question) });
  const kind = form.watch('kind');
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    // A line that is not a number is the teacher's to fix, before anything is sent.
    if (values.kind === 'numerical' && lines(values.numbers).some((line) => !numberLine(line))) {
      form.setError('numbers', { type: 'format', message: t('exams.staff.numbersInvalid') });
      return;
    }
    try {
      const body = toBody(values, question);
      if (question) await updateQuestion(question.id, body);
      else await createQuestion(evaluationId, body);
      await queryClient.invalidateQueries({ queryKey: ['exam', 'questions', evaluationId] });
      onDone();
    } catch (error) {
      const placed = applyServerErrors(error, form.setError, ['prompt', 'choices', 'points']);
      if (!placed) setFailure(errorMessage(error));
      const key = (error as { errors?: Record<string, string[]> }).errors?.answer_key?.[0];
      if (key)
        form.setError(kind === 'short' ? 'accepted' : kind === 'numerical' ? 'numbers' : 'right', {
          type: 'server',
          message: key,
        });
    }
  });
  const errors = form.formState.errors;
  return (
    <form className="exam-editor" onSubmit={submit} noValidate>
      {failure && <Notice kind="error">{failure}</Notice>}
      {question?.answer_key?.weights && <Notice kind="info">{t('exams.staff.weighted')}</Notice>}
      <SelectField label={t('exams.staff.kind')} {...form.register('kind')}>
        {KINDS.map((value) => (
          <option key={value} value={value}>
            {t(`exams.kinds.${value}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('exams.staff.prompt')}
        rows={3}
        error={errors.prompt}
        {...form.register('prompt')}
      />
      {(kind === 'single' || kind === 'multiple') && (
        <>
          <TextAreaField
            label={t('exams.staff.choices')}
            hint={t('exams.staff.choicesHint')}
            rows={4}
            error={errors.choices}
            {...form.register('choices')}
          />
          <TextField
            label={t('exams.staff.right')}
            hint={t('exams.staff.rightHint')}
            error={errors.right}
            {...form.register('right')}
          />
        </>
      )}
      {kind === 'numerical' && (
        <TextAreaField
          label={t('exams.staff.numbers')}
          hint={t('exams.staff.numbersHint')}
          rows={3}
          error={errors.numbers}
          {...form.register('numbers')}
        />
      )}
      {kind === 'short' && (
        <TextAreaField
          label={t('exams.staff.accepted')}
          hint={t('exams.staff.acceptedHint')}
          rows={3}
          error={errors.accepted}
          {...form.register('accepted')}
        />
      )}
      <TextField
        label={t('exams.staff.points')}
        type="number"
        min={0.5}
        step={0.5}
        error={errors.points}
        {...form.register('points')}
      />
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('confirm.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={form.formState.isSubmitting}
        >
          {t('exams.staff.save')}
        </button>
      </div>
    </form>
  );
}

/** A dialog around a form; closes when the form is done. */
function FormDialog({
  title,
  trigger,
  children,
}: {
  title: string;
  trigger: React.ReactNode;
  children: (close: () => void) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog card" aria-describedby={undefined}>
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          {children(() => setOpen(false))}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function GiftImport({ evaluationId, onDone }: { evaluationId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<GiftImportAnswer | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const answer = await importGift(evaluationId, text);
      setOutcome(answer);
      if (answer.errors.length === 0) {
        await queryClient.invalidateQueries({ queryKey: ['exam', 'questions', evaluationId] });
        onDone();
      }
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label className="field__label" htmlFor="gift-text">
          {t('exams.staff.giftText')}
        </label>
        <textarea
          id="gift-text"
          className="field__input exam-gift"
          rows={10}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {outcome && outcome.errors.length > 0 && (
        <div role="alert">
          <p>{t('exams.staff.giftErrors')}</p>
          <ul>
            {outcome.errors.map((error) => (
              <li key={`${error.line}-${error.message}`}>
                {t('exams.staff.giftLine', { line: error.line })}: {error.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('confirm.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={text.trim() === ''}>
          {t('exams.staff.import')}
        </button>
      </div>
    </form>
  );
}

function QuestionsPanel({ evaluationId }: { evaluationId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, error } = useQuestions(evaluationId);
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
      <div className="exam-panel__actions">
        <FormDialog
          title={t('exams.staff.add')}
          trigger={
            <button type="button" className="button button--primary">
              {t('exams.staff.add')}
            </button>
          }
        >
          {(close) => <QuestionEditor evaluationId={evaluationId} onDone={close} />}
        </FormDialog>
        <FormDialog
          title={t('exams.staff.importGift')}
          trigger={
            <button type="button" className="button button--ghost">
              {t('exams.staff.importGift')}
            </button>
          }
        >
          {(close) => <GiftImport evaluationId={evaluationId} onDone={close} />}
        </FormDialog>
        <Link to={`/test/${evaluationId}`} className="button button--ghost">
          {t('exams.test.preview')}
        </Link>
      </div>
      {error && <Notice kind="error">{error.message}</Notice>}
      {data && data.data.length === 0 && <p>{t('exams.staff.noQuestions')}</p>}
      <ol className="exam-list">
        {data?.data.map((question, index) => (
          <li key={question.id} className="card">
            <QuestionPreview question={question} number={index + 1} />
            <div className="exam-panel__actions">
              <FormDialog
                title={t('exams.staff.edit')}
                trigger={
                  <button type="button" className="button button--ghost">
                    {t('exams.staff.edit')}
                  </button>
                }
              >
                {(close) => (
                  <QuestionEditor evaluationId={evaluationId} question={question} onDone={close} />
                )}
              </FormDialog>
              <ConfirmDialog
                kind="delete"
                subject={question.prompt}
                trigger={
                  <button type="button" className="button button--ghost">
                    {t('exams.staff.delete')}
                  </button>
                }
                onConfirm={() => remove(question.id)}
              />
            </div>
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
