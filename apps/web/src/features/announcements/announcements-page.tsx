import { type Announcement, roleMay } from '@skolar/shared';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAnnouncements } from '../../api/announcements.ts';
import { useSession } from '../../api/session.ts';
import { Notice } from '../../ui/notice.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { AnnouncementDialog } from './announcement-dialog.tsx';
import { AnnouncementItem } from './announcement-item.tsx';
import { announcementAnchor } from './text.ts';
import './announcements.css';

/** The announcement `#announcement-12` names, if the address names one. */
function targetOf(hash: string): number | null {
  const match = /^#announcement-(\d+)$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/** Where the focus goes once the page has drawn a change: a selector. */
type FocusRequest = { selector: string } | null;

/**
 * `/announcements`: the announcements the reader sees, pinned first, then the latest, live (a new
 * one or a withdrawn one shows without reloading). Staff post from "New announcement" and, on the
 * cards their rights allow, edit, pin and withdraw. A notification's link
 * (`#announcement-12`) scrolls to its card, gives it the focus and highlights it.
 */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  usePageTitle(t('announcements.page.title'));
  const role = useSession().user?.role;
  const mayPost = role !== undefined && roleMay(role, 'create', 'announcement');
  const list = useAnnouncements();
  const items = list.data;
  const { hash, key } = useLocation();
  const target = targetOf(hash);
  const [focus, setFocus] = useState<FocusRequest>(null);

  // The card the address names: in view and focused once the list is in, at each visit of the link.
  const loaded = list.isSuccess;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each visit of the link (its key) counts, and the load; not each refresh.
  useEffect(() => {
    if (target === null || !loaded) return;
    const card = document.getElementById(announcementAnchor(target));
    if (!card) return;
    card.focus({ preventScroll: true });
    card.scrollIntoView?.({ block: 'start' });
  }, [target, key, loaded]);

  // After a pin (the card moved) or a withdrawal (it went), once the list is drawn again.
  useEffect(() => {
    if (!focus) return;
    setFocus(null);
    document.querySelector<HTMLElement>(focus.selector)?.focus();
  }, [focus]);

  /** The card after the one withdrawn, else the one before, else the "new" button. */
  const focusAfterWithdrawal = (id: number, before: readonly Announcement[]) => {
    const at = before.findIndex((item) => item.id === id);
    const next = before[at + 1] ?? before[at - 1];
    setFocus({
      selector: next ? `#${announcementAnchor(next.id)}` : '[data-compose]',
    });
  };

  return (
    <div className="container page announcements-page">
      <PageHeader
        eyebrow={t('announcements.page.eyebrow')}
        title={t('announcements.page.title')}
        actions={
          mayPost && (
            <AnnouncementDialog
              trigger={
                <button type="button" className="button button--primary" data-compose="">
                  <Plus aria-hidden="true" size={18} />
                  {t('announcements.new')}
                </button>
              }
            />
          )
        }
      >
        <p className="announcements-muted">
          {t(mayPost ? 'announcements.page.introStaff' : 'announcements.page.introLearner')}
        </p>
      </PageHeader>
      {list.isError ? (
        <Notice kind="error">{t('announcements.page.loadFailed')}</Notice>
      ) : !items ? (
        <div className="announcement-list" aria-busy="true">
          <span className="sr-only">{t('app.loading')}</span>
          <Skeleton height="9rem" shape="block" />
          <Skeleton height="9rem" shape="block" />
        </div>
      ) : (
        <>
          {target !== null && !items.some((item) => item.id === target) && (
            <Notice kind="info">{t('announcements.page.gone')}</Notice>
          )}
          {items.length === 0 ? (
            <p className="announcements-empty">
              {t(mayPost ? 'announcements.page.emptyStaff' : 'announcements.page.empty')}
            </p>
          ) : (
            <ul className="announcement-list" aria-label={t('announcements.page.list')}>
              {items.map((item) => (
                <li key={item.id}>
                  <AnnouncementItem
                    announcement={item}
                    targeted={item.id === target}
                    onPinned={(id) =>
                      setFocus({ selector: `#${announcementAnchor(id)} [data-action="pin"]` })
                    }
                    onWithdrawn={(id) => focusAfterWithdrawal(id, items)}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
