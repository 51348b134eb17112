import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../ui/page-title.ts';
import { AccountCard } from './account-ui.tsx';
import { ProfileForm } from './profile-form.tsx';

/** `/profile-details`: my information; saving asks for the password first (step-up). */
export function ProfileDetailsPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.profile.title'));
  return (
    <AccountCard
      icon={<UserRound size={22} />}
      title={t('account.profile.title')}
      subtitle={t('account.profile.subtitle')}
    >
      <ProfileForm />
    </AccountCard>
  );
}
