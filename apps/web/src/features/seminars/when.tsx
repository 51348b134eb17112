import { CalendarDays, MapPin, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface Timed {
  day: string;
  start_time: string;
  end_time: string;
}

/**
 * The day of an episode in words, as the institution's calendar reads it: the API answers the
 * day in the institution's zone, so it is formatted as a plain date (at noon UTC, in UTC).
 */
function useDayLabel() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (day: string) => format.format(new Date(`${day}T12:00:00Z`));
}

/** `Thursday 14 January 2027, 09:00 – 10:30` with the zone in a tooltip. */
export function EpisodeWhen({ episode, zone }: { episode: Timed; zone: string }) {
  const { t } = useTranslation();
  const dayLabel = useDayLabel();
  return (
    <span className="seminar-when" title={t('seminars.zone', { zone })}>
      <CalendarDays size={14} aria-hidden="true" />
      <span>
        {dayLabel(episode.day)}, {episode.start_time} – {episode.end_time}
      </span>
    </span>
  );
}

/** The place, the online link (opened in a new tab), or both. */
export function EpisodeWhere({
  episode,
}: {
  episode: { location: string | null; online_link: string | null };
}) {
  const { t } = useTranslation();
  return (
    <>
      {episode.location && (
        <span className="seminar-when">
          <MapPin size={14} aria-hidden="true" />
          {episode.location}
        </span>
      )}
      {episode.online_link && (
        <a
          className="seminar-when"
          href={episode.online_link}
          target="_blank"
          rel="noopener noreferrer"
        >
          <Video size={14} aria-hidden="true" />
          {t('seminars.join')}
        </a>
      )}
    </>
  );
}
