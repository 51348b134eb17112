import { zodResolver } from '@hookform/resolvers/zod';
import { lessonBody } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { TextAreaField, TextField } from '../../ui/fields.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { toastError } from '../../ui/toast-error.ts';
import { createLesson, lessonKeys, pathsOf, updateLesson, useLesson } from './api.ts';
import '../../ui/management.css';

/** `/:moduleId/:subjectId/lessons/add` and `/:moduleId/:subjectId/lessons/edit/:lessonId`. */
export function LessonFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const subjectId = Number(params.subjectId);
  const lessonId = params.lessonId ? Number(params.lessonId) : undefined;
  const paths = pathsOf(params.moduleId ?? 0, subjectId);
  usePageTitle(t(lessonId ? 'lessons.edit' : 'lessons.add'));
  const navigate = useNavigate();
  const client = useQueryClient();
  const existing = useLesson(lessonId ?? 0);
  const back = lessonId ? paths.lesson(lessonId) : paths.subject;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(lessonBody),
    defaultValues: { title: '', summary: '' },
    values: existing.data
      ? { title: existing.data.title, summary: existing.data.summary }
      : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = lessonId
        ? await updateLesson(lessonId, body)
        : await createLesson({ ...body, subject_id: subjectId });
      await client.invalidateQueries({ queryKey: lessonKeys.all });
      toast.success(t(lessonId ? 'manage.saved' : 'manage.created'));
      await navigate(paths.lesson(saved.id));
    } catch (error) {
      if (!applyServerErrors(error, setError, ['title', 'summary'])) toastError(error);
    }
  });
  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('lessons.title')}
        title={
          lessonId && existing.data
            ? t('lessons.editNamed', { name: existing.data.title })
            : t(lessonId ? 'lessons.edit' : 'lessons.add')
        }
        back={{ to: back, label: t('manage.back') }}
      />
      {existing.isError && <p className="notice notice--error">{t('lessons.notFound')}</p>}
      <form className="card manage-form" onSubmit={onSubmit} noValidate>
        <TextField label={t('lessons.fields.title')} error={errors.title} {...register('title')} />
        <TextAreaField
          label={t('lessons.fields.summary')}
          rows={4}
          error={errors.summary}
          {...register('summary')}
        />
        <div className="manage-form__actions">
          <Link to={back} className="button button--ghost">
            {t('manage.cancel')}
          </Link>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            <Save size={16} aria-hidden="true" />
            {t(lessonId ? 'manage.save' : 'manage.create')}
          </button>
        </div>
      </form>
    </div>
  );
}
