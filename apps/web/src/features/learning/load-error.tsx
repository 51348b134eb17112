import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/http.ts';

/** Why a screen of the learning space could not load: not theirs (404), or the server's message. */
export function LoadError({ error }: { error: Error }) {
  const { t } = useTranslation();
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <p className="container page notice notice--error" role="alert">
      {missing ? t('learning.notFound') : error.message}
    </p>
  );
}
