import { zodResolver } from '@hookform/resolvers/zod';
import { trainingBody } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Layers, Pencil } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { usePromotion } from '../../api/promotions.ts';
import {
  createTraining,
  type Training,
  updateTraining,
  useTraining,
  useTrainings,
} from '../../api/trainings.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { http } from '../../lib/http.ts';
import { useListState } from '../../lib/list-state.ts';
import { AssignmentPanel } from '../../ui/assignment-panel.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import { SelectField, TextAreaField, TextField } from '../../ui/fields.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RowActions } from '../../ui/row-actions.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { toastError } from '../../ui/toast-error.ts';
import '../../ui/cohorts.css';

/** `/:id/:promotionId/trainings/add` and `/:id/:promotionId/trainings/edit/:trainingId`. */
export function TrainingFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const promotionId = Number(params.promotionId);
  const trainingId = params.trainingId ? Number(params.trainingId) : undefined;
  usePageTitle(t(trainingId ? 'trainings.edit' : 'trainings.add'));
  const navigate = useNavigate();
  const client = useQueryClient();
  const promotion = usePromotion(promotionId);
  const existing = useTraining(trainingId ?? 0);
  const back = `/${params.id}/promotions/${promotionId}`;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(trainingBody),
    defaultValues: {
      title: '',
      level: promotion.data?.level ?? '',
      description: '',
      total_hours: 0,
      visibility: 'private' as const,
    },
    values:
      trainingId && existing.data
        ? {
            title: existing.data.title,
            level: existing.data.level,
            description: existing.data.description,
            total_hours: existing.data.total_hours,
            visibility: existing.data.visibility,
          }
        : promotion.data && !trainingId
          ? {
              title: '',
              level: promotion.data.level,
              description: '',
              total_hours: 0,
              visibility: 'private' as const,
            }
          : undefined,
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = trainingId
        ? await updateTraining(trainingId, body)
        : await createTraining({ ...body, promotion_id: promotionId });
      await client.invalidateQueries({ queryKey: ['training'] });
      await client.invalidateQueries({ queryKey: ['promotion'] });
      toast.success(t('cohorts.saved'));
      navigate(`/${params.id}/${promotionId}/trainings/${saved.id}`);
    } catch (error) {
      if (
        !applyServerErrors(error, setError, [
          'title',
          'level',
          'description',
          'total_hours',
          'visibility',
        ])
      ) {
        toastError(error, t('cohorts.failed'));
      }
    }
  });

  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={promotion.data ? `${promotion.data.name} · ${promotion.data.academic_year}` : ''}
        title={t(trainingId ? 'trainings.edit' : 'trainings.add')}
        back={{ to: back, label: promotion.data?.name ?? t('cohorts.back') }}
      />
      <form className="card cohort-form form" onSubmit={onSubmit} noValidate>
        <div className="cohort-form__grid">
          <TextField
            label={t('cohorts.fields.title')}
            error={errors.title}
            {...register('title')}
          />
          <TextField
            label={t('cohorts.fields.level')}
            error={errors.level}
            {...register('level')}
          />
          <TextField
            label={t('cohorts.fields.totalHours')}
            type="number"
            min={0}
            inputMode="numeric"
            error={errors.total_hours as FieldError | undefined}
            {...register('total_hours')}
          />
          <SelectField
            label={t('cohorts.fields.visibility')}
            error={errors.visibility}
            {...register('visibility')}
          >
            <option value="private">{t('trainings.visibility.private')}</option>
            <option value="public">{t('trainings.visibility.public')}</option>
          </SelectField>
        </div>
        <TextAreaField
          label={t('cohorts.fields.description')}
          error={errors.description}
          {...register('description')}
        />
        <p className="cohort-muted">{t('trainings.visibilityHint')}</p>
        <div className="cohort-form__actions">
          <Link to={back} className="button button--ghost">
            {t('cohorts.cancel')}
          </Link>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {t('cohorts.save')}
          </button>
        </div>
      </form>
    </div>
  );
}

/** `/:id/:promotionId/trainings/:trainingId`: the training, its modules and subjects. */
export function TrainingDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.trainingId);
  const { data, error } = useTraining(id);
  usePageTitle(data?.title ?? t('trainings.title'));
  if (error)
    return <p className="container page cohort-page notice notice--error">{error.message}</p>;
  if (!data) return <p className="container page cohort-page cohort-muted">{t('app.loading')}</p>;
  const base = `/${params.id}/${params.promotionId}`;
  return (
    <div className="container page cohort-page">
      <div
        className="cohort-cover"
        style={data.cover_link ? { backgroundImage: `url(${data.cover_link})` } : undefined}
        aria-hidden="true"
      />
      <PageHeader
        eyebrow={`${data.program} · ${data.level}`}
        title={data.title}
        back={{ to: `/${params.id}/promotions/${data.promotion_id}`, label: data.promotion_name }}
        actions={
          <>
            <StatusBadge
              archived={data.archived_at !== null}
              label={t(`trainings.visibility.${data.visibility}`)}
            />
            <Link to={`${base}/training-subject/${data.id}`} className="button button--ghost">
              <Layers size={16} aria-hidden="true" />
              {t('trainings.subjects')}
            </Link>
            {data.can.update && (
              <Link to={`${base}/trainings/edit/${data.id}`} className="button button--primary">
                <Pencil size={16} aria-hidden="true" />
                {t('cohorts.edit')}
              </Link>
            )}
            <RowActions
              area="cohorts"
              name={data.title}
              can={{ ...data.can, update: false }}
              archived={data.archived_at !== null}
              apiPath={`/api/trainings/${data.id}`}
              invalidate={[['training'], ['promotion']]}
            />
          </>
        }
      />
      <dl className="cohort-facts">
        <div>
          <dt>{t('cohorts.fields.totalHours')}</dt>
          <dd>({data.total_hours}h)</dd>
        </div>
        <div>
          <dt>{t('cohorts.fields.visibility')}</dt>
          <dd>{t(`trainings.visibility.${data.visibility}`)}</dd>
        </div>
        <div>
          <dt>{t('cohorts.fields.nbModules')}</dt>
          <dd>{data.nb_modules}</dd>
        </div>
        <div>
          <dt>{t('cohorts.fields.nbSubjects')}</dt>
          <dd>{data.nb_subjects}</dd>
        </div>
      </dl>
      {data.description && <p>{data.description}</p>}
      {data.can.update && <CoverUpload trainingId={data.id} />}
      <section className="card cohort-section">
        <h2>{t('trainings.modules')}</h2>
        {data.modules.length === 0 ? (
          <p className="cohort-empty">{t('trainings.noModule')}</p>
        ) : (
          <ul className="cohort-list">
            {data.modules.map((module) => (
              <li key={module.id}>
                {module.name}
                {module.hourly_volume !== null && (
                  <span className="cohort-muted">{module.hourly_volume} h</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** `/:id/:promotionId/training-subject/:trainingId`: subjects through the training's modules. */
export function TrainingSubjectsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.trainingId);
  const { data } = useTraining(id);
  usePageTitle(t('trainings.subjects'));
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={data?.title ?? t('trainings.title')}
        title={t('trainings.subjects')}
        back={{
          to: `/${params.id}/${params.promotionId}/trainings/${id}`,
          label: data?.title ?? t('cohorts.back'),
        }}
      />
      <section className="card cohort-section">
        <h2>{t('trainings.subjects')}</h2>
        {data && data.subjects.length === 0 ? (
          <p className="cohort-empty">{t('cohorts.noSubject')}</p>
        ) : (
          <ul className="cohort-list">
            {data?.subjects.map((subject) => (
              <li key={`${subject.module_id}-${subject.id}`}>
                <div className="cohort-list__text">
                  <strong>{subject.name}</strong>
                  <span>{subject.module_name}</span>
                </div>
                <span className="cohort-muted">
                  {t('trainings.coefficient', { value: subject.coefficient })} ·{' '}
                  {subject.hourly_volume} h
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <AssignmentPanel
        path={`/api/trainings/${id}/modules`}
        title={t('trainings.modules')}
        empty={t('trainings.noModule')}
        addLabel={t('trainings.addModules')}
        invalidate={[['training']]}
      />
    </div>
  );
}

/** `/trainings` (super-admin 'courses'): every institution's trainings, read-only. */
export function AllTrainingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('trainings.all'));
  const [state, setState] = useListState();
  const { data, isLoading } = useTrainings(state);
  const columns = useMemo<ColumnDef<Training>[]>(
    () => [
      {
        id: 'title',
        header: t('cohorts.fields.title'),
        meta: { sortKey: 'title' },
        cell: ({ row }) => <strong>{row.original.title}</strong>,
      },
      {
        id: 'institution_name',
        header: t('cohorts.fields.institution'),
        meta: { sortKey: 'institution_name' },
        cell: ({ row }) => (
          <span
            className="badge"
            style={{ background: `${row.original.institution_color_code}33` }}
          >
            {row.original.institution_name}
          </span>
        ),
      },
      {
        id: 'promotion_name',
        header: t('cohorts.fields.promotion'),
        meta: { sortKey: 'promotion_name' },
        cell: ({ row }) => `${row.original.promotion_name} (${row.original.academic_year})`,
      },
      {
        id: 'level',
        header: t('cohorts.fields.level'),
        meta: { sortKey: 'level' },
        cell: ({ row }) => row.original.level,
      },
      {
        id: 'total_hours',
        header: t('cohorts.fields.totalHours'),
        meta: { sortKey: 'total_hours', numeric: true },
        cell: ({ row }) => row.original.total_hours,
      },
      {
        id: 'visibility',
        header: t('cohorts.fields.visibility'),
        meta: { sortKey: 'visibility' },
        cell: ({ row }) => (
          <StatusBadge
            archived={row.original.archived_at !== null}
            label={t(`trainings.visibility.${row.original.visibility}`)}
          />
        ),
      },
    ],
    [t],
  );
  return (
    <div className="container page cohort-page">
      <PageHeader eyebrow={t('menu.courses')} title={t('trainings.all')} />
      <DataTable
        caption={t('trainings.all')}
        columns={columns}
        answer={data}
        isLoading={isLoading}
        state={state}
        onStateChange={setState}
        emptyMessage={t('trainings.empty')}
        archivable
        actions={
          <ExportButton<Training>
            path={'/api/trainings'}
            state={state}
            columns={[
              { header: t('cohorts.fields.title'), value: (row) => row.title },
              { header: t('cohorts.fields.program'), value: (row) => row.program },
              { header: t('cohorts.fields.level'), value: (row) => row.level },
              { header: t('cohorts.fields.promotion'), value: (row) => row.promotion_name },
              { header: t('cohorts.fields.academicYear'), value: (row) => row.academic_year },
              { header: t('cohorts.fields.totalHours'), value: (row) => row.total_hours },
              { header: t('cohorts.fields.visibility'), value: (row) => row.visibility },
            ]}
            filename="trainings.csv"
          />
        }
      />
    </div>
  );
}

/** Replaces the training's cover (the image of its catalogue card); optional. */
function CoverUpload({ trainingId }: { trainingId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const form = new FormData();
      form.append('cover', file);
      await http.post(`/api/trainings/${trainingId}/cover`, form);
      toast.success(t('cohorts.saved'));
      await client.invalidateQueries({ queryKey: ['training'] });
    } catch (error) {
      toastError(error, t('cohorts.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="field cohort-cover-upload">
      <label htmlFor={inputId} className="field__label">
        {t('trainings.cover')}
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="field__input import-file"
        disabled={busy}
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      <p className="cohort-muted">{t('trainings.coverHint')}</p>
    </div>
  );
}
