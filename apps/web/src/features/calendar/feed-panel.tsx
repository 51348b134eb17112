import { useQueryClient } from '@tanstack/react-query';
import { Copy, Rss } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { createCalendarFeed, revokeCalendarFeed, useCalendarFeed } from '../../api/calendar.ts';
import { formatInstant } from '../../lib/format.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { toastError } from '../../ui/toast-error.ts';

/**
 * The private iCal feed: its address is shown once, when it is made (only its hash is kept);
 * afterwards the panel says since when it exists, and offers to replace or revoke it.
 */
export function FeedPanel() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const feed = useCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const titleId = useId();
  const urlId = useId();

  const create = async () => {
    setPending(true);
    try {
      const made = await createCalendarFeed();
      setUrl(made.url ?? null);
      client.setQueryData(['calendar', 'feed'], { ...made, url: undefined });
    } catch (error) {
      toastError(error, t('calendar.failed'));
    } finally {
      setPending(false);
    }
  };

  const revoke = async () => {
    try {
      await revokeCalendarFeed();
      setUrl(null);
      await client.invalidateQueries({ queryKey: ['calendar', 'feed'] });
      toast.success(t('calendar.feed.revoked'));
    } catch (error) {
      toastError(error, t('calendar.failed'));
    }
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('calendar.feed.copied'));
    } catch {
      toastError(null, t('calendar.feed.copyFailed'));
    }
  };

  const active = feed.data?.active ?? false;
  const created = feed.data?.created_at
    ? formatInstant(feed.data.created_at, i18n.language, { dateStyle: 'long' })
    : null;

  return (
    <section className="card feed-panel" aria-labelledby={titleId}>
      <div className="feed-panel__head">
        <Rss size={20} aria-hidden="true" />
        <h2 id={titleId}>{t('calendar.feed.title')}</h2>
      </div>
      <p className="feed-panel__text">{t('calendar.feed.explain')}</p>
      {url && (
        <div className="feed-panel__url">
          <label htmlFor={urlId} className="field__label">
            {t('calendar.feed.url')}
          </label>
          <div className="feed-panel__copy">
            <input
              id={urlId}
              className="field__input"
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="button button--primary" onClick={() => void copy()}>
              <Copy size={16} aria-hidden="true" />
              {t('calendar.feed.copy')}
            </button>
          </div>
          <p className="field__hint">{t('calendar.feed.once')}</p>
        </div>
      )}
      {feed.isPending ? (
        <p className="feed-panel__text" aria-busy="true">
          …
        </p>
      ) : active ? (
        <div className="feed-panel__actions">
          {created && (
            <p className="feed-panel__since">{t('calendar.feed.since', { date: created })}</p>
          )}
          <button
            type="button"
            className="button button--ghost"
            disabled={pending}
            onClick={() => void create()}
          >
            {t('calendar.feed.replace')}
          </button>
          <ConfirmDialog
            kind="delete"
            question={t('calendar.feed.revokeQuestion')}
            subject={t('calendar.feed.revokeHint')}
            trigger={
              <button type="button" className="button button--ghost">
                {t('calendar.feed.revoke')}
              </button>
            }
            onConfirm={revoke}
          />
        </div>
      ) : (
        <div className="feed-panel__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={pending}
            onClick={() => void create()}
          >
            {t('calendar.feed.create')}
          </button>
        </div>
      )}
    </section>
  );
}
