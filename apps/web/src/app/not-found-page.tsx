import { homePath } from '@skolar/shared';
import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../api/session.ts';
import { usePageTitle } from '../ui/page-title.ts';

/** Any path outside the route table. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  usePageTitle(t('notFound.title'));
  return (
    <section className="container notice-page">
      <span className="notice-page__icon" aria-hidden="true">
        <Compass size={32} />
      </span>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link to={homePath(user?.role ?? null)} className="button button--primary">
        {t('notFound.back')}
      </Link>
    </section>
  );
}
