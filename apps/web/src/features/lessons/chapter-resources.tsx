import type { Chapter } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Download, ExternalLink, Link2, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatFileSize } from '../../lib/format.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { TextField } from '../../ui/fields.tsx';
import { FilePicker, MAX_BYTES, PDF_FILES } from '../../ui/file-picker.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { addLink, deleteResource, lessonKeys, uploadResource } from './api.ts';

/** The chapter's files and links; its editors add and remove them. */
export function ChapterResources({ chapter }: { chapter: Chapter }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [sending, setSending] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: lessonKeys.chapter(chapter.id) });
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
      await refresh();
      return true;
    } catch (error) {
      toastError(error);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const submitLink = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => addLink(chapter.id, title, url), t('chapters.resources.added'))) {
      setTitle('');
      setUrl('');
    }
  };
  const editable = chapter.can.update;
  return (
    <section className="card manage-detail" aria-labelledby="chapter-resources">
      <h2 id="chapter-resources">{t('chapters.resources.title')}</h2>
      {chapter.resources.length === 0 ? (
        <p className="lesson-muted">{t('chapters.resources.empty')}</p>
      ) : (
        <ul className="chapter-resources">
          {chapter.resources.map((resource) => (
            <li key={resource.id}>
              {resource.kind === 'file' ? (
                <a href={resource.url} download>
                  <Download size={16} aria-hidden="true" /> {resource.title}
                </a>
              ) : (
                <a href={resource.url} target="_blank" rel="noopener noreferrer">
                  <ExternalLink size={16} aria-hidden="true" /> {resource.title}
                </a>
              )}
              <span className="lesson-muted">
                {resource.size === null ? '' : formatFileSize(resource.size, i18n.language)}
              </span>
              {editable && (
                <ConfirmDialog
                  kind="delete"
                  subject={resource.title}
                  onConfirm={() =>
                    run(() => deleteResource(chapter.id, resource.id), t('manage.deleted'))
                  }
                  trigger={
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={t('manage.actions.delete', { name: resource.title })}
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
      {editable && (
        <>
          <FilePicker
            label={t('chapters.resources.upload')}
            accept={PDF_FILES}
            maxSize={MAX_BYTES.document}
            file={sending}
            disabled={busy}
            onFile={(file) => {
              setSending(file);
              void run(
                () => uploadResource(chapter.id, file),
                t('chapters.resources.added'),
              ).finally(() => setSending(null));
            }}
          />
          <form className="chapter-link-form" onSubmit={submitLink}>
            <TextField
              label={t('chapters.resources.linkTitle')}
              value={title}
              required
              onChange={(event) => setTitle(event.target.value)}
            />
            <TextField
              label={t('chapters.resources.linkUrl')}
              type="url"
              value={url}
              required
              placeholder="https://"
              onChange={(event) => setUrl(event.target.value)}
            />
            <button type="submit" className="button button--ghost" disabled={busy}>
              <Link2 size={16} aria-hidden="true" />
              {t('chapters.resources.addLink')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
