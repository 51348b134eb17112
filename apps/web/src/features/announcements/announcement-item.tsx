import type { Announcement, AnnouncementAudience } from '@skolar/shared';
import {
  Building2,
  CalendarClock,
  Layers,
  type LucideIcon,
  Pencil,
  Pin,
  PinOff,
  Trash2,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useUpdateAnnouncement, useWithdrawAnnouncement } from '../../api/announcements.ts';
import { formatInstant } from '../../lib/format.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { RichHtml } from '../../ui/rich-content.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { AnnouncementDialog } from './announcement-dialog.tsx';
import { announcementAnchor } from './text.ts';

const AUDIENCE_ICONS: Record<AnnouncementAudience, LucideIcon> = {
  institution: Building2,
  promotion: Layers,
  group: Users,
};

interface AnnouncementItemProps {
  announcement: Announcement;
  /** The one the address names (`#announcement-12`): highlighted. */
  targeted: boolean;
  /** After pinning or unpinning (the card moves): the page gives the focus back to its button. */
  onPinned: (id: number) => void;
  /** After withdrawing (the card goes): the page puts the focus on what follows it. */
  onWithdrawn: (id: number) => void;
}

/**
 * An announcement's card: its title, badges (pinned, scheduled for staff), audience, author and
 * date ("edited" when changed once out), its text, and the actions its `can` allows: edit, pin or
 * unpin, withdraw (after a confirmation).
 */
export function AnnouncementItem({
  announcement,
  targeted,
  onPinned,
  onWithdrawn,
}: AnnouncementItemProps) {
  const { t, i18n } = useTranslation();
  const { id, title, audience, author, pinned, published_at, edited_at, can } = announcement;
  const anchor = announcementAnchor(id);
  const AudienceIcon = AUDIENCE_ICONS[audience.kind];
  const when = (iso: string) => formatInstant(iso, i18n.language);
  return (
    <article
      id={anchor}
      className={`card announcement${pinned ? ' is-pinned' : ''}${targeted ? ' is-target' : ''}`}
      aria-labelledby={`${anchor}-title`}
      tabIndex={-1}
    >
      <div className="announcement__head">
        <div className="announcement__heading">
          <h2 id={`${anchor}-title`} className="announcement__title">
            {title}
          </h2>
          {(pinned || published_at === null) && (
            <p className="announcement__badges">
              {pinned && (
                <span className="badge announcement__badge">
                  <Pin aria-hidden="true" size={14} />
                  {t('announcements.pinned')}
                </span>
              )}
              {published_at === null && (
                <span className="badge announcement__badge announcement__badge--scheduled">
                  <CalendarClock aria-hidden="true" size={14} />
                  <time dateTime={announcement.publish_at}>
                    {t('announcements.scheduled', { date: when(announcement.publish_at) })}
                  </time>
                </span>
              )}
            </p>
          )}
        </div>
        {(can.update || can.delete) && (
          <ItemActions announcement={announcement} onPinned={onPinned} onWithdrawn={onWithdrawn} />
        )}
      </div>
      <p className="announcement__meta">
        <span className="announcement__audience">
          <AudienceIcon aria-hidden="true" size={16} />
          <span className="sr-only">{t('announcements.audience')} </span>
          {audience.label || t('announcements.form.institution')}
        </span>
        <span>{t('announcements.by', { name: author.name })}</span>
        {published_at && (
          <time dateTime={published_at}>
            {t('announcements.publishedAt', { date: when(published_at) })}
          </time>
        )}
        {edited_at && (
          <time dateTime={edited_at}>{t('announcements.editedAt', { date: when(edited_at) })}</time>
        )}
      </p>
      <RichHtml html={announcement.body} />
    </article>
  );
}

/** Edit, pin or unpin, withdraw: icon buttons named with the announcement's title. */
function ItemActions({
  announcement,
  onPinned,
  onWithdrawn,
}: Omit<AnnouncementItemProps, 'targeted'>) {
  const { t } = useTranslation();
  const update = useUpdateAnnouncement();
  const withdraw = useWithdrawAnnouncement();
  const { id, title, pinned, can } = announcement;
  const pinLabel = t(pinned ? 'announcements.actions.unpin' : 'announcements.actions.pin', {
    title,
  });
  const togglePin = async () => {
    // Not disabled meanwhile: the button keeps the focus.
    if (update.isPending) return;
    try {
      await update.mutateAsync({ id, patch: { pinned: !pinned } });
      toast.success(t(pinned ? 'announcements.toast.unpinned' : 'announcements.toast.pinned'));
      onPinned(id);
    } catch (error) {
      toastError(error, t('announcements.toast.failed'));
    }
  };
  const confirmWithdraw = async () => {
    try {
      await withdraw.mutateAsync(id);
      toast.success(t('announcements.toast.withdrawn'));
      onWithdrawn(id);
    } catch (error) {
      toastError(error, t('announcements.toast.withdrawFailed'));
    }
  };
  return (
    <div className="row-actions announcement__actions">
      {can.update && (
        <AnnouncementDialog
          announcement={announcement}
          trigger={
            <button
              type="button"
              className="icon-button"
              aria-label={t('announcements.actions.edit', { title })}
              title={t('announcements.actions.edit', { title })}
            >
              <Pencil aria-hidden="true" size={16} />
            </button>
          }
        />
      )}
      {can.update && (
        <button
          type="button"
          className="icon-button"
          data-action="pin"
          aria-label={pinLabel}
          title={pinLabel}
          onClick={() => void togglePin()}
        >
          {pinned ? <PinOff aria-hidden="true" size={16} /> : <Pin aria-hidden="true" size={16} />}
        </button>
      )}
      {can.delete && (
        <ConfirmDialog
          question={t('announcements.withdraw.question')}
          subject={t('announcements.withdraw.details', { title })}
          confirmLabel={t('announcements.withdraw.confirm')}
          tone="danger"
          onConfirm={confirmWithdraw}
          trigger={
            <button
              type="button"
              className="icon-button row-actions__danger"
              aria-label={t('announcements.actions.withdraw', { title })}
              title={t('announcements.actions.withdraw', { title })}
            >
              <Trash2 aria-hidden="true" size={16} />
            </button>
          }
        />
      )}
    </div>
  );
}
