import { zodResolver } from '@hookform/resolvers/zod';
import { episodeBody } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { createEpisode, updateEpisode, useEpisode, useSeminar } from '../../api/seminars.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { TextAreaField, TextField } from '../../ui/fields.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { toastError } from '../../ui/toast-error.ts';
import { episodePath, seminarPath } from './paths.ts';
import '../../ui/cohorts.css';

const FIELDS = [
  'title',
  'description',
  'day',
  'start_time',
  'end_time',
  'location',
  'online_link',
] as const;

const EMPTY = {
  title: '',
  description: '',
  day: '',
  start_time: '',
  end_time: '',
  location: '',
  online_link: '',
};

/**
 * `/:id/:seminarId/episodes/add` and `/:id/:seminarId/episodes/edit/:episodeId`: the day and
 * times are typed as the institution's clock reads them (the API converts them).
 */
export function EpisodeFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const seminarId = Number(params.seminarId);
  const episodeId = params.episodeId ? Number(params.episodeId) : undefined;
  usePageTitle(t(episodeId ? 'seminars.editEpisode' : 'seminars.addEpisode'));
  const navigate = useNavigate();
  const client = useQueryClient();
  const seminar = useSeminar(seminarId);
  const existing = useEpisode(episodeId ?? 0);
  const back = episodeId
    ? episodePath(Number(params.id), seminarId, episodeId)
    : seminar.data
      ? seminarPath(seminar.data)
      : '/seminars';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(episodeBody),
    defaultValues: EMPTY,
    values: existing.data
      ? {
          title: existing.data.title,
          description: existing.data.description,
          day: existing.data.day,
          start_time: existing.data.start_time,
          end_time: existing.data.end_time,
          location: existing.data.location ?? '',
          online_link: existing.data.online_link ?? '',
        }
      : undefined,
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = episodeId
        ? await updateEpisode(episodeId, body)
        : await createEpisode(seminarId, body);
      await client.invalidateQueries({ queryKey: ['seminar'] });
      toast.success(t('cohorts.saved'));
      navigate(episodePath(saved.promotion_id, seminarId, saved.id));
    } catch (error) {
      if (!applyServerErrors(error, setError, FIELDS)) toastError(error, t('cohorts.failed'));
    }
  });

  const zone = seminar.data?.time_zone ?? '';
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={seminar.data?.title ?? ''}
        title={t(episodeId ? 'seminars.editEpisode' : 'seminars.addEpisode')}
        back={{ to: back, label: t('cohorts.back') }}
      />
      <form className="card cohort-form form" onSubmit={onSubmit} noValidate>
        <TextField label={t('cohorts.fields.title')} error={errors.title} {...register('title')} />
        <div className="cohort-form__grid">
          <TextField
            label={t('seminars.fields.day')}
            type="date"
            error={errors.day}
            {...register('day')}
          />
          <TextField
            label={t('seminars.fields.startTime')}
            type="time"
            hint={zone ? t('seminars.zone', { zone }) : undefined}
            error={errors.start_time}
            {...register('start_time')}
          />
          <TextField
            label={t('seminars.fields.endTime')}
            type="time"
            error={errors.end_time}
            {...register('end_time')}
          />
        </div>
        <div className="cohort-form__grid">
          <TextField
            label={t('seminars.fields.location')}
            error={errors.location}
            {...register('location')}
          />
          <TextField
            label={t('seminars.fields.onlineLink')}
            type="url"
            inputMode="url"
            placeholder="https://"
            error={errors.online_link}
            {...register('online_link')}
          />
        </div>
        <p className="cohort-muted">{t('seminars.placeOrLinkHint')}</p>
        <TextAreaField
          label={t('cohorts.fields.description')}
          error={errors.description}
          {...register('description')}
        />
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
