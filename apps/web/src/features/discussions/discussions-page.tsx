import { DISCUSSION_FILTERS, type DiscussionSummary } from '@skolar/shared';
import { Bell, Flag, MessageSquare, Plus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  type DiscussionFilter,
  useDiscussionSubjects,
  useDiscussions,
} from '../../api/discussions.ts';
import { formatInstant, formatRelative } from '../../lib/format.ts';
import { ListPager } from '../../ui/list-pager.tsx';
import { Notice } from '../../ui/notice.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { QuestionBadge, StaffMark } from './parts.tsx';
import { NewDiscussionDialog } from './thread-dialog.tsx';
import './discussions.css';

/** The server's page size: fixed, the pager offers no choice. */
const PER_PAGE = 25;

const isFilter = (value: string | null): value is DiscussionFilter =>
  (DISCUSSION_FILTERS as readonly (string | null)[]).includes(value);

/** The list's state in the address bar: `?subject=3&filter=questions&page=2`. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const subject = Number(params.get('subject')) || undefined;
  const raw = params.get('filter');
  const filter: DiscussionFilter = isFilter(raw) ? raw : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const change = (next: { subject?: number; filter?: DiscussionFilter; page?: number }) =>
    setParams(
      (current) => {
        const merged = { subject, filter, page: 1, ...next };
        const search = new URLSearchParams(current);
        const entries: [string, string][] = [
          ['subject', merged.subject ? String(merged.subject) : ''],
          ['filter', merged.filter === 'all' ? '' : merged.filter],
          ['page', merged.page > 1 ? String(merged.page) : ''],
        ];
        for (const [key, value] of entries) {
          if (value) search.set(key, value);
          else search.delete(key);
        }
        return search;
      },
      { replace: true },
    );
  return { subject, filter, page, change };
}

/**
 * `/discussions?subject=&filter=`: the threads of the subjects the reader reads, latest activity
 * first, 25 a page, live (a new thread or reply shows without reloading); a subject and a filter
 * (all, questions, unanswered, followed) narrow them; "New discussion" opens one.
 */
export function DiscussionsPage() {
  const { t } = useTranslation();
  usePageTitle(t('discussions.page.title'));
  const { subject, filter, page, change } = useListParams();
  const subjects = useDiscussionSubjects();
  const list = useDiscussions({ subject, filter, page });
  const subjectId = useId();
  const filterName = useId();
  const threads = list.data?.data;
  const noSubject = subjects.isSuccess && subjects.data.length === 0;
  const narrowed = subject !== undefined || filter !== 'all';

  return (
    <div className="container page discussions-page">
      <PageHeader
        eyebrow={t('discussions.page.eyebrow')}
        title={t('discussions.page.title')}
        actions={
          subjects.data &&
          subjects.data.length > 0 && (
            <NewDiscussionDialog
              subjects={subjects.data}
              subjectId={subject}
              trigger={
                <button type="button" className="button button--primary">
                  <Plus aria-hidden="true" size={18} />
                  {t('discussions.new')}
                </button>
              }
            />
          )
        }
      >
        <p className="discussions-muted">{t('discussions.page.intro')}</p>
      </PageHeader>
      {noSubject ? (
        <Notice kind="info">{t('discussions.page.noSubject')}</Notice>
      ) : (
        <>
          <div className="discussions-toolbar">
            <div className="field discussions-toolbar__subject">
              <label htmlFor={subjectId} className="field__label">
                {t('discussions.page.subject')}
              </label>
              <select
                id={subjectId}
                className="field__input"
                value={subject ?? ''}
                onChange={(event) => change({ subject: Number(event.target.value) || undefined })}
              >
                <option value="">{t('discussions.page.allSubjects')}</option>
                {subjects.data?.map((item) => (
                  <option key={item.id} value={item.id}>
                    {t('discussions.page.subjectCount', { name: item.name, count: item.threads })}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="discussion-filter">
              <legend className="field__label">{t('discussions.page.show')}</legend>
              <div className="discussion-filter__options">
                {DISCUSSION_FILTERS.map((value) => (
                  <label key={value} className="discussion-filter__option">
                    <input
                      type="radio"
                      name={filterName}
                      value={value}
                      checked={filter === value}
                      onChange={() => change({ filter: value })}
                    />
                    <span className="discussion-filter__label">
                      {t(`discussions.filter.${value}`)}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
          {list.isError ? (
            <Notice kind="error">{t('discussions.page.loadFailed')}</Notice>
          ) : !threads ? (
            <div className="discussion-list" aria-busy="true">
              <span className="sr-only">{t('app.loading')}</span>
              <Skeleton height="6rem" shape="block" />
              <Skeleton height="6rem" shape="block" />
              <Skeleton height="6rem" shape="block" />
            </div>
          ) : threads.length === 0 ? (
            <div className="discussions-empty">
              <MessageSquare aria-hidden="true" size={32} />
              <p>{t(narrowed ? 'discussions.page.emptyFiltered' : 'discussions.page.empty')}</p>
            </div>
          ) : (
            <>
              <ul
                className="discussion-list"
                aria-label={t('discussions.page.list')}
                aria-busy={list.isPlaceholderData || undefined}
              >
                {threads.map((thread) => (
                  <li key={thread.id}>
                    <ThreadRow thread={thread} />
                  </li>
                ))}
              </ul>
              <ListPager
                state={{ page, per_page: PER_PAGE }}
                total={list.data?.meta.total ?? 0}
                shown={threads.length}
                choosePerPage={false}
                onStateChange={(next) => change({ page: next.page ?? 1 })}
              />
            </>
          )}
        </>
      )}
    </div>
  );
}

/** A thread of the list: its title (the link), subject, author, badges, replies, last activity. */
function ThreadRow({ thread }: { thread: DiscussionSummary }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  return (
    <article className="card discussion-row" aria-labelledby={titleId}>
      <div className="discussion-row__main">
        <h2 id={titleId} className="discussion-row__title">
          <Link to={`/discussions/${thread.id}`}>{thread.title}</Link>
        </h2>
        <p className="discussion-meta">
          <span className="discussion-meta__subject">{thread.subject.name}</span>
          <span>
            {t('discussions.by', { name: thread.author.name })}
            {thread.author.staff && (
              <>
                {' '}
                <StaffMark />
              </>
            )}
          </span>
          <span>
            {t('discussions.row.lastActivity')}{' '}
            <time
              dateTime={thread.last_activity_at}
              title={formatInstant(thread.last_activity_at, i18n.language)}
            >
              {formatRelative(thread.last_activity_at, i18n.language)}
            </time>
          </span>
        </p>
      </div>
      <p className="discussion-row__badges">
        {thread.is_question && <QuestionBadge answered={thread.answered} />}
        <span className="discussion-count">
          <MessageSquare aria-hidden="true" size={16} />
          {t('discussions.replies', { count: thread.replies })}
        </span>
        {thread.subscribed && (
          <span className="discussion-count">
            <Bell aria-hidden="true" size={16} />
            {t('discussions.row.followed')}
          </span>
        )}
        {thread.open_reports > 0 && (
          <span className="badge discussion-badge discussion-badge--reported">
            <Flag aria-hidden="true" size={14} />
            {t('discussions.reports', { count: thread.open_reports })}
          </span>
        )}
      </p>
    </article>
  );
}
