import { Megaphone, Pin } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAnnouncements } from '../../api/announcements.ts';
import { formatInstant, formatRelative } from '../../lib/format.ts';
import { announcementAnchor, excerpt, plainText } from './text.ts';
import './announcements.css';

/** The pinned announcements the dashboard's card shows at most, before the latest ones. */
const CARD_PINNED = 3;
/** The latest announcements (not pinned) the dashboard's card shows at most. */
export const CARD_LATEST = 3;

/**
 * The dashboard's card of announcements (composed by the app for the roles that read them): the
 * pinned ones, then the latest, those out only (not staff's scheduled ones), each with its
 * author, when it came and its first words, a link to its place on `/announcements`. Nothing
 * shows while it loads, when it fails, or when there is none. Live like the page.
 */
export function AnnouncementsCard() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const list = useAnnouncements();
  const out = (list.data ?? []).filter((item) => item.published_at !== null);
  const items = [
    ...out.filter((item) => item.pinned).slice(0, CARD_PINNED),
    ...out.filter((item) => !item.pinned).slice(0, CARD_LATEST),
  ];
  if (items.length === 0) return null;

  return (
    <section className="card announcements-card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <Megaphone size={18} aria-hidden="true" />
        {t('announcements.card.title')}
      </h2>
      <ul className="announcements-card__list" aria-labelledby={titleId}>
        {items.map((item) => {
          const at = item.published_at ?? item.publish_at;
          return (
            <li key={item.id}>
              <Link
                to={`/announcements#${announcementAnchor(item.id)}`}
                className="announcements-card__link"
              >
                {item.title}
              </Link>
              <p className="announcements-card__meta">
                {item.pinned && (
                  <span className="badge announcement__badge">
                    <Pin aria-hidden="true" size={12} />
                    {t('announcements.pinned')}
                  </span>
                )}
                <span>{item.author.name}</span>
                <time dateTime={at} title={formatInstant(at, i18n.language)}>
                  {formatRelative(at, i18n.language)}
                </time>
              </p>
              <p className="announcements-card__excerpt">{excerpt(plainText(item.body))}</p>
            </li>
          );
        })}
      </ul>
      <p className="announcements-card__more">
        <Link to="/announcements">{t('announcements.card.seeAll')}</Link>
      </p>
    </section>
  );
}
