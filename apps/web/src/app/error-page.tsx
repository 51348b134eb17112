import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ApiError } from '../lib/http.ts';

/** Shown when a page or its loader throws; the API's message when there is one. */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const message = error instanceof ApiError ? error.message : t('errors.generic');
  return (
    <section className="container notice-page" role="alert">
      <span className="notice-page__icon notice-page__icon--error" aria-hidden="true">
        <TriangleAlert size={32} />
      </span>
      <h1>{t('errors.title')}</h1>
      <p>{message}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => window.location.reload()}
      >
        {t('errors.reload')}
      </button>
    </section>
  );
}
