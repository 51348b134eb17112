import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/page-title.ts';
import { ContactForm } from './contact-form.tsx';

/**
 * `/support`: the signed-in contact form (`POST /api/auth/user-request`) with the need 'support'
 * chosen: the same form, rules and phone picker as /contact, prefilled from the account.
 */
export function SupportPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.support.title'));
  return (
    <div className="container page">
      <ContactForm signedIn need="support" title={t('account.support.title')} />
    </div>
  );
}
