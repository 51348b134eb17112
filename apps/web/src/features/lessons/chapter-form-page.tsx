import { zodResolver } from '@hookform/resolvers/zod';
import { chapterBody } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { TextField } from '../../ui/fields.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RichTextEditor } from '../../ui/rich-text-editor.tsx';
import { toastError } from '../../ui/toast-error.ts';
import {
  createChapter,
  lessonKeys,
  pathsOf,
  updateChapter,
  uploadLessonImage,
  useChapter,
} from './api.ts';
import '../../ui/management.css';

/** `/:moduleId/:subjectId/:lessonId/chapters/add` and `…/chapters/edit/:chapterId`. */
export function ChapterFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const lessonId = Number(params.lessonId);
  const chapterId = params.chapterId ? Number(params.chapterId) : undefined;
  const paths = pathsOf(params.moduleId ?? 0, params.subjectId ?? 0);
  usePageTitle(t(chapterId ? 'chapters.edit' : 'chapters.add'));
  const existing = useChapter(chapterId ?? 0);
  const back = chapterId ? paths.chapter(lessonId, chapterId) : paths.lesson(lessonId);
  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('chapters.title')}
        title={
          chapterId && existing.data
            ? t('chapters.editNamed', { name: existing.data.title })
            : t(chapterId ? 'chapters.edit' : 'chapters.add')
        }
        back={{ to: back, label: t('manage.back') }}
      />
      {existing.isError && <p className="notice notice--error">{t('chapters.notFound')}</p>}
      {(!chapterId || existing.data) && (
        <ChapterForm
          lessonId={lessonId}
          chapterId={chapterId}
          initial={existing.data}
          back={back}
          done={(id) => paths.chapter(lessonId, id)}
        />
      )}
    </div>
  );
}

interface ChapterFormProps {
  lessonId: number;
  chapterId?: number;
  initial?: { title: string; content: string; video_url: string | null };
  back: string;
  done: (id: number) => string;
}

function ChapterForm({ lessonId, chapterId, initial, back, done }: ChapterFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(chapterBody),
    defaultValues: {
      title: initial?.title ?? '',
      content: initial?.content ?? '',
      video_url: initial?.video_url ?? '',
    },
  });
  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = chapterId
        ? await updateChapter(chapterId, body)
        : await createChapter({ ...body, lesson_id: lessonId });
      await client.invalidateQueries({ queryKey: lessonKeys.all });
      toast.success(t(chapterId ? 'manage.saved' : 'manage.created'));
      await navigate(done(saved.id));
    } catch (error) {
      if (!applyServerErrors(error, setError, ['title', 'content', 'video_url'])) {
        toastError(error);
      }
    }
  });
  return (
    <form className="card manage-form" onSubmit={onSubmit} noValidate>
      <TextField label={t('chapters.fields.title')} error={errors.title} {...register('title')} />
      <TextField
        label={t('chapters.fields.video_url')}
        hint={t('chapters.videoHint')}
        type="url"
        inputMode="url"
        error={errors.video_url}
        {...register('video_url')}
      />
      <Controller
        control={control}
        name="content"
        render={({ field, fieldState }) => (
          <RichTextEditor
            label={t('chapters.fields.content')}
            value={field.value ?? ''}
            onChange={field.onChange}
            uploadImage={(file) => uploadLessonImage(lessonId, file)}
            onUploadError={(error) => toastError(error)}
            error={
              fieldState.error?.message &&
              (fieldState.error.type === 'server'
                ? fieldState.error.message
                : t(fieldState.error.message))
            }
          />
        )}
      />
      <div className="manage-form__actions">
        <Link to={back} className="button button--ghost">
          {t('manage.cancel')}
        </Link>
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          <Save size={16} aria-hidden="true" />
          {t(chapterId ? 'manage.save' : 'manage.create')}
        </button>
      </div>
    </form>
  );
}
