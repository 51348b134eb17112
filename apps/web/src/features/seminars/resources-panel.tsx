import type { EpisodeDetail } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { FileText, Link2, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { addResourceFile, addResourceLink, deleteResource } from '../../api/seminars.ts';
import { ApiError } from '../../lib/http.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { FilePicker, MAX_BYTES, PDF_FILES } from '../../ui/file-picker.tsx';
import { toastError } from '../../ui/toast-error.ts';

/** The episode's resources (links and PDFs); those who may edit it add and remove them. */
export function ResourcesPanel({ episode }: { episode: EpisodeDetail }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['seminar'] });
  return (
    <section className="card cohort-section">
      <h2>{t('seminars.resources')}</h2>
      {episode.resources.length === 0 ? (
        <p className="cohort-empty">{t('seminars.noResource')}</p>
      ) : (
        <ul className="seminar-episodes">
          {episode.resources.map((resource) => (
            <li key={resource.id} className="seminar-episode">
              <a href={resource.url} target="_blank" rel="noopener noreferrer">
                {resource.kind === 'file' ? (
                  <FileText size={16} aria-hidden="true" />
                ) : (
                  <Link2 size={16} aria-hidden="true" />
                )}{' '}
                {resource.title}
              </a>
              {episode.can.update && (
                <ConfirmDialog
                  kind="delete"
                  subject={resource.title}
                  onConfirm={async () => {
                    try {
                      await deleteResource(episode.id, resource.id);
                      toast.success(t('cohorts.deleted'));
                      await refresh();
                    } catch (error) {
                      toastError(error, t('cohorts.failed'));
                    }
                  }}
                  trigger={
                    <button
                      type="button"
                      className="icon-button row-actions__danger"
                      aria-label={t('cohorts.deleteOf', { name: resource.title })}
                    >
                      <Trash2 size={16} aria-hidden="true" />
                    </button>
                  }
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {episode.can.update && <AddResource episodeId={episode.id} onAdded={refresh} />}
    </section>
  );
}

/** A title, then a link or a PDF. */
function AddResource({ episodeId, onAdded }: { episodeId: number; onAdded: () => unknown }) {
  const { t } = useTranslation();
  const id = useId();
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      if (file) await addResourceFile(episodeId, title, file);
      else await addResourceLink(episodeId, { title, url });
      toast.success(t('cohorts.saved'));
      setTitle('');
      setUrl('');
      setFile(null);
      await onAdded();
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      else toastError(error, t('cohorts.failed'));
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (name: string) =>
    errors[name]?.[0] && (
      <p id={`${id}-${name}-error`} className="field__error">
        {errors[name][0]}
      </p>
    );
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('seminars.addResource')}>
      <div className="field">
        <label htmlFor={`${id}-title`} className="field__label">
          {t('cohorts.fields.title')}
        </label>
        <input
          id={`${id}-title`}
          className="field__input"
          value={title}
          aria-invalid={errors.title ? true : undefined}
          onChange={(event) => setTitle(event.target.value)}
        />
        {fieldError('title')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-url`} className="field__label">
          {t('seminars.fields.link')}
        </label>
        <input
          id={`${id}-url`}
          className="field__input"
          type="url"
          placeholder="https://"
          value={url}
          disabled={file !== null}
          aria-invalid={errors.url ? true : undefined}
          onChange={(event) => setUrl(event.target.value)}
        />
        {fieldError('url')}
      </div>
      <FilePicker
        label={t('seminars.fields.file')}
        accept={PDF_FILES}
        maxSize={MAX_BYTES.document}
        file={file}
        onFile={setFile}
        onRemove={() => setFile(null)}
        error={errors.file?.[0]}
        disabled={busy}
      />
      <div className="cohort-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('seminars.addResource')}
        </button>
      </div>
    </form>
  );
}
