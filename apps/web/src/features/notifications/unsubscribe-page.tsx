import type { UnsubscribeInfo } from '@skolar/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleAlert, MailCheck, MailX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { confirmUnsubscribe, fetchUnsubscribe } from '../../api/notifications.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { ApiError } from '../../lib/http.ts';
import { usePageTitle } from '../../ui/page-title.ts';
import { useMayOpen } from '../../ui/role-link.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import './notifications.css';

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : null);

/**
 * `/unsubscribe/:token`, where a notification mail's unsubscribe link leads, signed in or not:
 * what the link stops (a type of mail, or the daily digest) for which institution, and a button
 * that stops it. Opening the page changes nothing (a link scanner may open it); the button does.
 * A link used before, or one that is not a link of ours, says so.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  usePageTitle(t('notifications.unsubscribe.title'));
  const token = useParams().token ?? '';
  const info = useQuery({
    queryKey: ['notifications', 'unsubscribe', token],
    queryFn: () => fetchUnsubscribe(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const confirm = useMutation({ mutationFn: () => confirmUnsubscribe(token) });

  const what = (answer: UnsubscribeInfo) =>
    answer.type === 'digest'
      ? t('notifications.unsubscribe.digest')
      : t(`notifications.types.${answer.type}`);

  if (info.isPending) {
    return (
      <UnsubscribeCard icon={<MailX size={22} />} title={t('notifications.unsubscribe.title')} busy>
        <Skeleton />
        <Skeleton height={48} shape="block" />
      </UnsubscribeCard>
    );
  }
  if (info.isError) {
    const unknown = statusOf(info.error) === 404;
    return (
      <UnsubscribeCard
        icon={<CircleAlert size={22} />}
        error
        title={t(
          unknown
            ? 'notifications.unsubscribe.unknownTitle'
            : 'notifications.unsubscribe.failedTitle',
        )}
      >
        <p>{unknown ? t('notifications.unsubscribe.unknown') : errorMessage(info.error)}</p>
        {!unknown && (
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => void info.refetch()}
          >
            {t('notifications.unsubscribe.retry')}
          </button>
        )}
        <Preferences />
      </UnsubscribeCard>
    );
  }

  const answer = confirm.data ?? info.data;
  const institution = answer.institution_name;
  if (confirm.isSuccess) {
    return (
      <UnsubscribeCard
        icon={<MailCheck size={22} />}
        title={t('notifications.unsubscribe.doneTitle')}
      >
        <p role="status">
          {answer.type === 'digest'
            ? t('notifications.unsubscribe.doneDigest', { institution })
            : t('notifications.unsubscribe.doneType', { type: what(answer), institution })}
        </p>
        <Preferences />
      </UnsubscribeCard>
    );
  }
  if (info.data.used || statusOf(confirm.error) === 410) {
    return (
      <UnsubscribeCard
        icon={<MailCheck size={22} />}
        title={t('notifications.unsubscribe.usedTitle')}
      >
        <p role={confirm.isError ? 'status' : undefined}>{t('notifications.unsubscribe.used')}</p>
        <Preferences />
      </UnsubscribeCard>
    );
  }
  if (statusOf(confirm.error) === 404) {
    return (
      <UnsubscribeCard
        icon={<CircleAlert size={22} />}
        error
        title={t('notifications.unsubscribe.unknownTitle')}
      >
        <p role="alert">{t('notifications.unsubscribe.unknown')}</p>
        <Preferences />
      </UnsubscribeCard>
    );
  }
  return (
    <UnsubscribeCard icon={<MailX size={22} />} title={t('notifications.unsubscribe.title')}>
      <p>
        {answer.type === 'digest'
          ? t('notifications.unsubscribe.stopsDigest', { institution })
          : t('notifications.unsubscribe.stopsType', { type: what(answer), institution })}
      </p>
      {confirm.isError && (
        // Too many tries (429, the API says when to come back) or another failure: try again.
        <p className="notice notice--error" role="alert">
          <CircleAlert aria-hidden="true" size={18} />
          <span>{errorMessage(confirm.error)}</span>
        </p>
      )}
      <button
        type="button"
        className="button button--primary button--block"
        disabled={confirm.isPending}
        onClick={() => confirm.mutate()}
      >
        {t('notifications.unsubscribe.confirm')}
      </button>
      <Preferences />
    </UnsubscribeCard>
  );
}

/** The centred card of the page: its icon, its title and what it says. */
function UnsubscribeCard({
  icon,
  title,
  error = false,
  busy = false,
  children,
}: {
  icon: ReactNode;
  title: string;
  error?: boolean;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="container unsubscribe-layout">
      <section
        className="card auth-card unsubscribe-card"
        aria-labelledby="unsubscribe-title"
        aria-busy={busy || undefined}
      >
        <div className="auth-card__header">
          <span
            className={`auth-card__icon${error ? ' unsubscribe-card__icon--error' : ''}`}
            aria-hidden="true"
          >
            {icon}
          </span>
          <h1 id="unsubscribe-title">{title}</h1>
        </div>
        {children}
      </section>
    </div>
  );
}

/**
 * The notifications stay in the application, and the way to the preferences: the page itself
 * when the reader is signed in, else sign-in first.
 */
function Preferences() {
  const { t } = useTranslation();
  const mayOpen = useMayOpen();
  const signedIn = mayOpen('/notifications');
  return (
    <div className="unsubscribe-card__more">
      <p>{t('notifications.unsubscribe.stillInApp')}</p>
      <Link to={signedIn ? '/notifications#preferences' : '/login'}>
        {t(signedIn ? 'notifications.unsubscribe.preferences' : 'notifications.unsubscribe.signIn')}
      </Link>
    </div>
  );
}
