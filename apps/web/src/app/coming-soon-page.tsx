import { homePath } from '@skolar/shared';
import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../api/session.ts';
import { usePageTitle } from '../ui/page-title.ts';

/** The placeholder of every route of the table whose screen is not built yet. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  usePageTitle(t('comingSoon.title'));
  return (
    <section className="container notice-page">
      <span className="notice-page__icon" aria-hidden="true">
        <Construction size={32} />
      </span>
      <h1>{t('comingSoon.title')}</h1>
      <p>{t('comingSoon.body')}</p>
      <Link to={homePath(user?.role ?? null)} className="button button--primary">
        {t('comingSoon.back')}
      </Link>
    </section>
  );
}
