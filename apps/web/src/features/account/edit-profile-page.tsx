import { UserRoundPen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSession } from '../../api/session.ts';
import { Notice } from '../../ui/notice.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { AccountCard } from './account-ui.tsx';
import { ProfileForm } from './profile-form.tsx';

/**
 * `/edit-profile/:id/:token`: the staff's edit of their own profile, with the step-up token the
 * route carries (the API refuses the update without it; an expired one is asked for again).
 */
export function EditProfilePage() {
  const { t } = useTranslation();
  const { id, token } = useParams();
  const { user } = useSession();
  usePageTitle(t('account.profile.editTitle'));
  const own = user !== null && String(user.userId) === id;
  return (
    <AccountCard
      icon={<UserRoundPen size={22} />}
      title={t('account.profile.editTitle')}
      subtitle={t('account.profile.subtitle')}
    >
      {own ? (
        <ProfileForm initialToken={token} />
      ) : (
        <>
          <Notice kind="error">{t('account.profile.notYours')}</Notice>
          <Link to="/profile-details" className="button button--primary button--block">
            {t('account.profile.title')}
          </Link>
        </>
      )}
    </AccountCard>
  );
}
