import { zodResolver } from '@hookform/resolvers/zod';
import type { GradeChange, Result, ResultConflict } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import {
  conflictsOf,
  resultKey,
  updateResult,
  useResult,
  useResultHistory,
} from '../../api/results.ts';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.ts';
import { TextAreaField, TextField } from '../../ui/fields.tsx';
import { Notice } from '../../ui/notice.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { formatGrade, formatWhen } from './format.ts';
import { gradeText, parseGrade } from './grid-state.ts';
import '../../ui/cohorts.css';
import '../../ui/management.css';
import './results.css';

/** A line as words: the grade on its scale, absent, or pending. */
function useLineText() {
  const { t, i18n } = useTranslation();
  return (grade: number | null, absent: boolean, scale?: number) => {
    if (absent) return t('results.absent');
    if (grade === null) return t('results.pending');
    const value = formatGrade(grade, i18n.language);
    return scale ? `${value}/${formatGrade(scale, i18n.language)}` : value;
  };
}

/** The history of a result: when, who, before → after, newest first. */
function HistoryTable({ resultId, timeZone }: { resultId: number; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const history = useResultHistory(resultId);
  const line = useLineText();
  if (history.isError) return <Notice kind="error">{errorMessage(history.error)}</Notice>;
  if (!history.data) return <p className="cohort-muted">{t('app.loading')}</p>;
  const comment = (change: GradeChange) =>
    change.old_comment === change.new_comment
      ? null
      : `${change.old_comment ?? '—'} → ${change.new_comment ?? '—'}`;
  return (
    <section className="card grade-history" aria-labelledby="grade-history-title">
      <h2 id="grade-history-title">{t('results.history.title')}</h2>
      {history.data.data.length === 0 ? (
        <p className="cohort-muted">{t('results.history.empty')}</p>
      ) : (
        <div className="grade-table">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('results.history.when')}</th>
                <th scope="col">{t('results.history.who')}</th>
                <th scope="col">{t('results.history.change')}</th>
                <th scope="col">{t('results.history.comment')}</th>
              </tr>
            </thead>
            <tbody>
              {history.data.data.map((change) => (
                <tr key={change.id}>
                  <td>{formatWhen(change.at, i18n.language, timeZone)}</td>
                  <td>{change.changed_by_name ?? t('results.someone')}</td>
                  <td>
                    {line(change.old_grade, change.old_absent)} →{' '}
                    <strong>{line(change.new_grade, change.new_absent)}</strong>
                  </td>
                  <td className="grade-history__comment">{comment(change) ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ResultFacts({ result }: { result: Result }) {
  const { t, i18n } = useTranslation();
  const line = useLineText();
  const facts: Array<[string, string]> = [
    [t('results.fields.student'), `${result.student.first_name} ${result.student.last_name}`],
    [
      t('results.fields.evaluation'),
      `${result.evaluation.title} · ${result.evaluation.subject_name}`,
    ],
    [t('results.fields.grade'), line(result.grade, result.absent, result.evaluation.scale)],
    [t('results.fields.comment'), result.comment ?? '—'],
    [
      t('results.fields.published'),
      result.published_at
        ? formatWhen(result.published_at, i18n.language, result.evaluation.time_zone)
        : t('results.notPublished'),
    ],
    [
      t('results.fields.changed'),
      `${formatWhen(result.updated_at, i18n.language, result.evaluation.time_zone)}${result.changed_by_name ? ` · ${result.changed_by_name}` : ''}`,
    ],
  ];
  return (
    <section className="card manage-detail" aria-label={t('results.details')}>
      <dl className="grade-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function useResultPage() {
  const { t } = useTranslation();
  const id = Number(useParams().resultId) || 0;
  const result = useResult(id);
  usePageTitle(result.data ? result.data.evaluation.title : t('results.details'));
  return { id, result };
}

/** `/results/:resultId`: one result with its history. */
export function ResultPage() {
  const { t } = useTranslation();
  const { id, result } = useResultPage();
  if (result.error) return <Missing error={result.error} />;
  if (!result.data) return <p className="container page cohort-muted">{t('app.loading')}</p>;
  const data = result.data;
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={data.evaluation.subject_name}
        title={`${data.student.first_name} ${data.student.last_name}`}
        back={{ to: `/${data.evaluation.id}/results/add`, label: t('results.grid.title') }}
        actions={
          data.permissions.update && (
            <Link to={`/results/edit/${id}`} className="button button--primary button--small">
              <Pencil size={16} aria-hidden="true" />
              {t('results.edit')}
            </Link>
          )
        }
      />
      <ResultFacts result={data} />
      {data.permissions.history && (
        <HistoryTable resultId={id} timeZone={data.evaluation.time_zone} />
      )}
    </div>
  );
}

function Missing({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <div className="container page cohort-page">
      <PageHeader eyebrow={t('results.eyebrow')} title={t('results.details')} />
      <Notice kind="error">{errorMessage(error, t('results.notFound'))}</Notice>
    </div>
  );
}

const editSchema = z.object({
  grade: z.string().refine((value) => !Number.isNaN(parseGrade(value)), {
    message: 'results.grid.notANumberKey',
  }),
  absent: z.boolean(),
  comment: z.string().max(2000),
});
type EditValues = z.infer<typeof editSchema>;

/** `/results/edit/:resultId`: one line (grade, absence, comment) with its history below. */
export function ResultEditPage() {
  const { t, i18n } = useTranslation();
  const { id, result } = useResultPage();
  if (result.error) return <Missing error={result.error} />;
  if (!result.data) return <p className="container page cohort-muted">{t('app.loading')}</p>;
  return (
    <EditForm key={`${id}-${result.data.version}`} result={result.data} language={i18n.language} />
  );
}

function EditForm({ result, language }: { result: Result; language: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [version, setVersion] = useState(result.version);
  const [conflict, setConflict] = useState<ResultConflict | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EditValues>({
    resolver: zodResolver(editSchema),
    defaultValues: {
      grade: gradeText(result.grade, language),
      absent: result.absent,
      comment: result.comment ?? '',
    },
  });
  const absent = form.watch('absent');
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await updateResult(result.id, {
        grade: values.absent ? null : parseGrade(values.grade),
        absent: values.absent,
        comment: values.comment.trim() === '' ? null : values.comment.trim(),
        version,
      });
      await queryClient.invalidateQueries({ queryKey: resultKey(result.id) });
      await navigate(`/results/${result.id}`);
    } catch (error) {
      const [theirs] = conflictsOf(error);
      if (theirs) {
        setConflict(theirs);
        return;
      }
      if (!applyServerErrors(error, form.setError, ['grade', 'absent', 'comment']))
        setFailure(errorMessage(error));
    }
  });
  const lineText = (c: ResultConflict) =>
    c.absent
      ? t('results.absent')
      : c.grade === null
        ? t('results.pending')
        : formatGrade(c.grade, language);
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={`${result.evaluation.title} · ${result.evaluation.subject_name}`}
        title={`${result.student.first_name} ${result.student.last_name}`}
        back={{ to: `/results/${result.id}`, label: t('results.details') }}
      />
      <form
        className="card manage-form grade-edit"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        {conflict && (
          <div className="grade-conflict" role="alert">
            <span>
              {t('results.grid.changedBy', {
                name: conflict.changed_by_name ?? t('results.someone'),
                when: formatWhen(conflict.changed_at, language, result.evaluation.time_zone),
                value: lineText(conflict),
              })}
            </span>
            <span className="grade-conflict__actions">
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => {
                  form.reset({
                    grade: gradeText(conflict.grade, language),
                    absent: conflict.absent,
                    comment: conflict.comment ?? '',
                  });
                  setVersion(conflict.version);
                  setConflict(null);
                }}
              >
                {t('results.grid.takeTheirs')}
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => {
                  setVersion(conflict.version);
                  setConflict(null);
                }}
              >
                {t('results.grid.keepMine')}
              </button>
            </span>
          </div>
        )}
        <TextField
          label={t('results.grid.grade', { scale: result.evaluation.scale })}
          inputMode="decimal"
          disabled={absent}
          error={
            form.formState.errors.grade?.message === 'results.grid.notANumberKey'
              ? { type: 'server', message: t('results.grid.notANumber') }
              : form.formState.errors.grade
          }
          {...form.register('grade')}
        />
        <label className="check-field">
          <input type="checkbox" {...form.register('absent')} />
          <span>{t('results.grid.absent')}</span>
        </label>
        <TextAreaField
          label={t('results.grid.comment')}
          rows={3}
          error={form.formState.errors.comment}
          {...form.register('comment')}
        />
        {failure && <Notice kind="error">{failure}</Notice>}
        <div className="manage-form__actions">
          <Link to={`/results/${result.id}`} className="button button--ghost">
            {t('confirm.cancel')}
          </Link>
          <button
            type="submit"
            className="button button--primary"
            disabled={form.formState.isSubmitting}
          >
            {t('results.save')}
          </button>
        </div>
      </form>
      <HistoryTable resultId={result.id} timeZone={result.evaluation.time_zone} />
    </div>
  );
}
