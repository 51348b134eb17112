import {
  DASHBOARD_COUNTS,
  type DashboardAnswer,
  type Entity,
  menuFor,
  type PageHref,
  type Role,
  roleMay,
} from '@skolar/shared';
import {
  BookOpen,
  Building,
  CalendarClock,
  ClipboardList,
  FolderKanban,
  GraduationCap,
  Layers,
  type LucideIcon,
  NotebookText,
  Presentation,
  School,
  UserRound,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../api/session.ts';
import { evaluationPath, myEvaluationPath } from '../../lib/evaluation-paths.ts';
import { EvaluationStatusBadge } from '../../ui/evaluation-status-badge.tsx';
import { MENU_ICONS } from '../../ui/menu-icons.ts';
import { usePageTitle } from '../../ui/page-title.ts';
import { useMayOpen } from '../../ui/role-link.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useErrorToast } from '../../ui/toast-error.ts';
import { useDashboard } from './api.ts';
import './dashboard.css';
import { formatDay } from '../../lib/format.ts';
import { ResumePanel } from './resume-panel.tsx';

const COUNT_ICONS: Record<string, LucideIcon> = {
  training: GraduationCap,
  seminar: Presentation,
  subject: BookOpen,
  evaluation: ClipboardList,
  group: Users,
  lesson: NotebookText,
  promotion: Layers,
  student: UserRound,
  teacher: Users,
  institution: Building,
  user: Users,
  program: School,
  module: FolderKanban,
};

/**
 * Where each count leads: the nearest list of those rows the role may open (the route table's
 * guard decides), so a count never links to a page that sends the user away. An admin has no list
 * of trainings or groups: theirs open from a promotion's page, so those counts lead to the
 * promotions (decision 88).
 */
const COUNT_PATHS: Record<string, readonly PageHref[]> = {
  training: ['/student/trainings', '/trainings', '/promotions'],
  seminar: ['/student/seminars', '/seminars'],
  subject: ['/subjects'],
  lesson: ['/subjects'],
  evaluation: ['/list-evaluations', '/evaluations'],
  group: ['/groups', '/promotions'],
  promotion: ['/promotions'],
  student: ['/students', '/promotions'],
  teacher: ['/teachers'],
  institution: ['/institutions'],
  user: ['/users'],
  program: ['/programs'],
  module: ['/modules'],
};

/** Rows the next evaluations hold while they load (the answer has at most 5). */
const PLACEHOLDER_UPCOMING = 3;

/**
 * The counts a role's dashboard shows, known before the answer: the ones of DASHBOARD_COUNTS the
 * role may list, as the API computes them (dashboard.service.ts).
 */
function countKeys(role: Role): readonly string[] {
  return (DASHBOARD_COUNTS[role] as readonly Entity[]).filter((key) => roleMay(role, 'list', key));
}

/** "lun. 23 novembre": an upcoming evaluation's day, short. */
const UPCOMING_DAY: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'long',
};

/**
 * The signed-in home: a greeting, counts of the role's things, next evaluations and shortcuts.
 * What does not wait for the answer shows at once (the greeting, the counts' labels, the panels'
 * headings, the shortcuts); what does holds its place with placeholders of its size meanwhile, so
 * nothing moves when it arrives. `children` are more panels composed by app/ (attendance), shown
 * between the counts and the next evaluations; `lead` are panels composed by app/ to come first,
 * under the greeting (a learner's announcements).
 */
export function DashboardPage({ children, lead }: { children?: ReactNode; lead?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { user, info } = useSession();
  const dashboard = useDashboard();
  const mayOpen = useMayOpen();
  useErrorToast(dashboard.isError, 'dashboard-error');
  usePageTitle(t('dashboard.title'));
  if (!user || !info) return null;
  const menu = menuFor(user.role);
  const loading = dashboard.isPending;
  const counts: readonly { key: string; value?: number }[] =
    dashboard.data?.counts ?? countKeys(user.role).map((key) => ({ key }));
  return (
    <div className="container page dashboard">
      <div className="dashboard__hero">
        <div>
          <p className="page__eyebrow">{t('dashboard.title')}</p>
          <h1>{t('dashboard.greeting', { name: info.first_name })}</h1>
          <p className="dashboard__who">
            <span className="badge">{t(`roles.${user.role}`)}</span>
            <span>{info.institution?.name ?? t('dashboard.noInstitution')}</span>
          </p>
        </div>
        {info.institution?.logo_link && (
          <img
            src={info.institution.logo_link}
            alt={info.institution.name}
            className="dashboard__logo"
            width={56}
            height={56}
          />
        )}
      </div>

      {lead && <div className="dashboard__lead">{lead}</div>}

      {roleMay(user.role, 'read', 'progress') && <ResumePanel />}

      {!dashboard.isError && (
        <dl className="dashboard__counts" aria-busy={loading || undefined}>
          {counts.map((count) => {
            const Icon = COUNT_ICONS[count.key] ?? Layers;
            const target = COUNT_PATHS[count.key]?.find(mayOpen);
            const label = t(`dashboard.counts.${count.key}`);
            return (
              <div key={count.key} className="card dashboard__count">
                <span className="dashboard__count-icon" aria-hidden="true">
                  <Icon size={20} />
                </span>
                <dt>
                  {target ? (
                    <Link to={target} className="dashboard__count-link">
                      {label}
                    </Link>
                  ) : (
                    label
                  )}
                </dt>
                <dd>{count.value ?? <Skeleton width="1.2em" />}</dd>
              </div>
            );
          })}
        </dl>
      )}

      <div className="dashboard__slot">{children}</div>

      <div className="dashboard__columns">
        <section
          className="card dashboard__panel"
          aria-labelledby="upcoming-title"
          aria-busy={loading || undefined}
        >
          <h2 id="upcoming-title">
            <CalendarClock aria-hidden="true" size={18} />
            {t('dashboard.upcoming')}
          </h2>
          {loading && <UpcomingSkeleton />}
          {dashboard.data?.upcoming.length === 0 && (
            <p className="dashboard__empty">{t('dashboard.noUpcoming')}</p>
          )}
          {dashboard.data?.upcoming.length ? (
            <ul className="dashboard__upcoming">
              {dashboard.data.upcoming.map((item) => (
                <li key={item.id}>
                  <time dateTime={item.date} className="dashboard__date">
                    {formatDay(item.date, i18n.language, UPCOMING_DAY)}
                    {item.start_time && (
                      <span className="dashboard__time">{item.start_time.slice(0, 5)}</span>
                    )}
                  </time>
                  <div>
                    <UpcomingTitle item={item} />
                    <span>
                      {item.subject} · {item.training}
                    </span>
                  </div>
                  <span className="dashboard__badges">
                    <span className="badge">{t(`dashboard.type.${item.type}`)}</span>
                    {item.status && <EvaluationStatusBadge status={item.status} />}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="dashboard__more">
            {user.role === 'student' ? (
              <Link to="/student-planning">{t('dashboard.planningLink')}</Link>
            ) : (
              <Link to="/calendar">{t('dashboard.calendarLink')}</Link>
            )}
          </p>
        </section>

        <section className="card dashboard__panel" aria-labelledby="shortcuts-title">
          <h2 id="shortcuts-title">{t('dashboard.shortcuts')}</h2>
          <ul className="dashboard__shortcuts">
            {menu.map((item) => {
              const Icon = MENU_ICONS[item.key];
              return (
                <li key={item.key}>
                  <Link to={item.path}>
                    <Icon aria-hidden="true" size={18} />
                    {t(`menu.${item.key}`)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </div>
  );
}

/**
 * An upcoming evaluation's title, a link to its page the viewer may open (the route table's rule):
 * the student's own page, or the staff's page under its subject. The link covers its row.
 */
function UpcomingTitle({ item }: { item: DashboardAnswer['upcoming'][number] }) {
  const mayOpen = useMayOpen();
  const target = [
    myEvaluationPath(item.id),
    evaluationPath({ id: item.id, subject: { id: item.subject_id } }),
  ].find(mayOpen);
  if (!target) return <strong>{item.title}</strong>;
  return (
    <Link to={target} className="dashboard__upcoming-link">
      {item.title}
    </Link>
  );
}

/** The next evaluations' place while they load: rows of the same layout, in grey. */
function UpcomingSkeleton() {
  return (
    <ul className="dashboard__upcoming" aria-hidden="true">
      {Array.from({ length: PLACEHOLDER_UPCOMING }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
        <li key={row}>
          <span className="dashboard__date">
            <Skeleton width="5em" />
            <Skeleton width="4em" className="dashboard__date-wrap" />
            <Skeleton width="3em" />
          </span>
          <div>
            <strong>
              <Skeleton width="60%" />
            </strong>
            <span>
              <Skeleton width="85%" />
            </span>
          </div>
          <span className="dashboard__badges">
            <Skeleton shape="pill" width="4.5em" height={22} />
            <Skeleton shape="pill" width="5.5em" height={22} />
          </span>
        </li>
      ))}
    </ul>
  );
}
