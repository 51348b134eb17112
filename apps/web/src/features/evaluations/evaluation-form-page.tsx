import { zodResolver } from '@hookform/resolvers/zod';
import { type Evaluation, type NewEvaluationBody, newEvaluationBody } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import {
  createEvaluation,
  evaluationKeys,
  updateEvaluation,
  useEvaluation,
  useEvaluationBudget,
  useEvaluationSubject,
} from '../../api/evaluations.ts';
import { evaluationPath } from '../../lib/evaluation-paths.ts';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.ts';
import { SelectField, TextAreaField, TextField } from '../../ui/fields.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { toastError } from '../../ui/toast-error.ts';
import { PercentageBudget } from './percentage-budget.tsx';
import '../../ui/cohorts.css';
import './evaluations.css';

type FormValues = NewEvaluationBody;

const FIELDS = [
  'training_id',
  'type',
  'title',
  'description',
  'date',
  'start_time',
  'end_time',
  'duration_minutes',
  'deadline',
  'late_until',
  'late_penalty',
  'blind_marking',
  'second_marking',
  'location',
  'organizer',
  'domain',
  'percentage',
  'scale',
  'has_quiz',
  'shuffle',
] as const;

/** A number typed as text (a decimal comma too); empty is "not given". */
const numberOrEmpty = (value: unknown) =>
  value === '' || value === null || value === undefined
    ? undefined
    : Number(String(value).replace(',', '.'));
const numberOrNull = (value: unknown) => numberOrEmpty(value) ?? null;
const textOrNull = (value: unknown) => (value ? String(value) : null);

function emptyForm(subjectId: number): FormValues {
  return {
    subject_id: subjectId,
    training_id: 0,
    type: 'exam',
    title: '',
    description: '',
    date: '',
    start_time: null,
    end_time: null,
    duration_minutes: null,
    deadline: null,
    late_until: null,
    late_penalty: null,
    blind_marking: false,
    second_marking: false,
    location: null,
    organizer: null,
    domain: null,
    percentage: 0,
    scale: 20,
    has_quiz: false,
    shuffle: false,
  };
}

/** The stored evaluation as the form's values. */
function formOf(evaluation: Evaluation): FormValues {
  return {
    subject_id: evaluation.subject.id,
    training_id: evaluation.training.id,
    type: evaluation.type,
    title: evaluation.title,
    description: evaluation.description,
    date: evaluation.date,
    start_time: evaluation.start_time,
    end_time: evaluation.end_time,
    duration_minutes: evaluation.duration_minutes,
    deadline: evaluation.deadline_local,
    late_until: evaluation.late_until_local,
    late_penalty: evaluation.late_penalty,
    blind_marking: evaluation.blind_marking,
    second_marking: evaluation.second_marking,
    location: evaluation.location,
    organizer: evaluation.organizer,
    domain: evaluation.domain,
    percentage: evaluation.percentage,
    scale: evaluation.scale,
    has_quiz: evaluation.has_quiz,
    shuffle: evaluation.shuffle,
  };
}

/** `/:subjectId/evaluations/add` and `/:subjectId/evaluations/edit/:evaluationId`. */
export function EvaluationFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const subjectId = Number(params.subjectId) || 0;
  const evaluationId = params.evaluationId ? Number(params.evaluationId) : undefined;
  usePageTitle(t(evaluationId ? 'evaluations.edit' : 'evaluations.add'));
  const navigate = useNavigate();
  const client = useQueryClient();
  const existing = useEvaluation(evaluationId ?? 0);
  const subject = useEvaluationSubject(subjectId);
  const budget = useEvaluationBudget(subjectId, evaluationId);
  const trainings = budget.data?.trainings ?? [];
  const back = existing.data ? evaluationPath(existing.data) : '/evaluations';

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(newEvaluationBody),
    defaultValues: emptyForm(subjectId),
    values: existing.data ? formOf(existing.data) : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const type = watch('type');
  const trainingId = watch('training_id');
  const percentage = watch('percentage');

  // A new evaluation goes to the subject's first training unless another is picked.
  useEffect(() => {
    const first = trainings[0];
    if (!evaluationId && first && !trainings.some((training) => training.id === trainingId)) {
      setValue('training_id', first.id);
    }
  }, [evaluationId, trainings, trainingId, setValue]);
  // Only an exam has a quiz; only a project takes late hand-ins.
  useEffect(() => {
    if (type === 'project') {
      setValue('has_quiz', false);
      setValue('shuffle', false);
    } else {
      setValue('late_until', null);
      setValue('late_penalty', null);
      setValue('blind_marking', false);
      setValue('second_marking', false);
    }
  }, [type, setValue]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { subject_id: _subject, ...fields } = body;
      const saved = evaluationId
        ? await updateEvaluation(evaluationId, fields)
        : await createEvaluation(body);
      await client.invalidateQueries({ queryKey: evaluationKeys.all });
      toast.success(t('evaluations.saved'));
      await navigate(evaluationPath(saved));
    } catch (error) {
      if (!applyServerErrors(error, setError, FIELDS)) {
        toastError(error, t('evaluations.failed'));
      }
    }
  });

  const chosen = trainings.find((training) => training.id === Number(trainingId));
  const header = (
    <PageHeader
      eyebrow={subject.data?.name ?? existing.data?.subject.name ?? ''}
      title={t(evaluationId ? 'evaluations.edit' : 'evaluations.add')}
      back={{ to: back, label: t('evaluations.back') }}
    />
  );
  if (budget.isError) {
    return (
      <div className="container page cohort-page">
        {header}
        <p className="notice notice--error">{errorMessage(budget.error)}</p>
      </div>
    );
  }
  if (budget.data && trainings.length === 0) {
    return (
      <div className="container page cohort-page">
        {header}
        <p className="notice notice--error" role="alert">
          <TriangleAlert size={16} aria-hidden="true" />
          {t('evaluations.noTraining')}
        </p>
      </div>
    );
  }
  return (
    <div className="container page cohort-page">
      {header}
      <form className="card cohort-form form" onSubmit={onSubmit} noValidate>
        <div className="cohort-form__grid">
          <TextField
            label={t('evaluations.fields.title')}
            error={errors.title}
            {...register('title')}
          />
          <SelectField
            label={t('evaluations.fields.type')}
            error={errors.type}
            {...register('type')}
          >
            <option value="exam">{t('evaluations.type.exam')}</option>
            <option value="project">{t('evaluations.type.project')}</option>
          </SelectField>
        </div>
        <TextAreaField
          label={t('evaluations.fields.description')}
          error={errors.description}
          {...register('description')}
        />
        <div className="cohort-form__grid">
          <TextField
            type="date"
            label={t('evaluations.fields.date')}
            error={errors.date}
            {...register('date')}
          />
          <TextField
            type="time"
            label={t('evaluations.fields.startTime')}
            hint={t('evaluations.zoneHint')}
            error={errors.start_time}
            {...register('start_time', { setValueAs: textOrNull })}
          />
          {type === 'exam' ? (
            <>
              <TextField
                type="time"
                label={t('evaluations.fields.endTime')}
                error={errors.end_time}
                {...register('end_time', { setValueAs: textOrNull })}
              />
              <TextField
                type="number"
                inputMode="numeric"
                min={1}
                label={t('evaluations.fields.duration')}
                error={errors.duration_minutes}
                {...register('duration_minutes', { setValueAs: numberOrNull })}
              />
            </>
          ) : (
            <TextField
              type="datetime-local"
              label={t('evaluations.fields.deadline')}
              hint={t('evaluations.zoneHint')}
              error={errors.deadline}
              {...register('deadline', { setValueAs: textOrNull })}
            />
          )}
        </div>
        {type === 'project' && (
          <fieldset className="cohort-form__grid evaluation-form__late">
            <legend>{t('evaluations.late.legend')}</legend>
            <TextField
              type="datetime-local"
              label={t('evaluations.fields.lateUntil')}
              hint={t('evaluations.late.untilHint')}
              error={errors.late_until}
              {...register('late_until', { setValueAs: textOrNull })}
            />
            <TextField
              inputMode="decimal"
              label={t('evaluations.fields.latePenalty')}
              hint={t('evaluations.late.penaltyHint')}
              error={errors.late_penalty}
              {...register('late_penalty', { setValueAs: numberOrNull })}
            />
          </fieldset>
        )}
        {type === 'project' && (
          <div className="evaluation-quiz">
            <label className="evaluation-check">
              <input
                type="checkbox"
                aria-describedby="evaluation-blind-hint"
                {...register('blind_marking')}
              />
              {t('evaluations.fields.blindMarking')}
            </label>
            <p id="evaluation-blind-hint" className="field__hint">
              {t('evaluations.blindHint')}
            </p>
            {errors.blind_marking?.message && (
              <p className="field__error" role="alert">
                {errors.blind_marking.type === 'server'
                  ? errors.blind_marking.message
                  : t(errors.blind_marking.message)}
              </p>
            )}
            <label className="evaluation-check">
              <input
                type="checkbox"
                aria-describedby="evaluation-second-hint"
                {...register('second_marking')}
              />
              {t('evaluations.fields.secondMarking')}
            </label>
            <p id="evaluation-second-hint" className="field__hint">
              {t('evaluations.secondHint')}
            </p>
          </div>
        )}
        <div className="cohort-form__grid">
          <TextField
            label={t('evaluations.fields.location')}
            error={errors.location}
            {...register('location')}
          />
          <TextField
            label={t('evaluations.fields.organizer')}
            error={errors.organizer}
            {...register('organizer')}
          />
          <TextField
            label={t('evaluations.fields.domain')}
            error={errors.domain}
            {...register('domain')}
          />
        </div>
        <div className="cohort-form__grid evaluation-form__top">
          <SelectField
            label={t('evaluations.fields.training')}
            error={errors.training_id}
            {...register('training_id', { setValueAs: Number })}
          >
            {trainings.map((training) => (
              <option key={training.id} value={training.id}>
                {training.title}
              </option>
            ))}
          </SelectField>
          <div>
            <TextField
              inputMode="decimal"
              label={t('evaluations.fields.percentage')}
              error={errors.percentage}
              {...register('percentage', { setValueAs: numberOrEmpty })}
            />
            {chosen && <PercentageBudget used={chosen.used} typed={percentage} />}
          </div>
          <TextField
            inputMode="decimal"
            label={t('evaluations.fields.scale')}
            error={errors.scale}
            {...register('scale', { setValueAs: numberOrEmpty })}
          />
        </div>
        {type === 'exam' && (
          <div className="evaluation-quiz">
            <label className="evaluation-check">
              <input type="checkbox" {...register('has_quiz')} />
              {t('evaluations.fields.hasQuiz')}
            </label>
            <label className="evaluation-check">
              <input type="checkbox" {...register('shuffle')} />
              {t('evaluations.fields.shuffle')}
            </label>
          </div>
        )}
        <div className="cohort-form__actions">
          <Link to={back} className="button button--ghost">
            {t('evaluations.cancel')}
          </Link>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {t('evaluations.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
