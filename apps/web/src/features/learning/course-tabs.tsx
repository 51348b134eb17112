import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

const TABS = [
  { key: 'presentation', path: (id: number) => `/event-presentation/${id}` },
  { key: 'activity', path: (id: number) => `/event-activity/${id}` },
  { key: 'resources', path: (id: number) => `/event-resources/${id}` },
  { key: 'evaluations', path: (id: number) => `/event-evaluations/${id}` },
  { key: 'results', path: (id: number) => `/event-results/${id}` },
] as const;

/**
 * The tabs of a training's course page. Each tab is its own address (bookmarkable, shareable),
 * so they are links in a navigation landmark, the current one marked with aria-current.
 */
export function CourseTabs({ trainingId, title }: { trainingId: number; title: string }) {
  const { t } = useTranslation();
  return (
    <nav className="course-tabs" aria-label={t('learning.course.tabs', { title })}>
      {TABS.map((tab) => (
        <NavLink
          key={tab.key}
          to={tab.path(trainingId)}
          end={tab.key !== 'activity'}
          className={({ isActive }) =>
            `course-tabs__tab${isActive ? ' course-tabs__tab--active' : ''}`
          }
        >
          {t(`learning.course.${tab.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
