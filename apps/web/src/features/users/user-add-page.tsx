import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { createUser, userKeys } from './api.ts';
import { UserForm } from './user-form.tsx';

/** `/users/add` (super-admin): the new account receives an invitation mail. */
export function UserAddPage() {
  const { t } = useTranslation();
  usePageTitle(t('users.add'));
  const navigate = useNavigate();
  const client = useQueryClient();
  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('users.title')}
        title={t('users.add')}
        back={{ to: '/users', label: t('manage.back') }}
      />
      <UserForm
        submitLabel={t('users.createAndInvite')}
        cancelTo="/users"
        onSubmit={async (body) => {
          const created = await createUser(body);
          await client.invalidateQueries({ queryKey: userKeys.all });
          toast.success(t('users.invited', { email: created.email }));
          await navigate(`/users/${created.id}`);
        }}
      />
    </div>
  );
}
