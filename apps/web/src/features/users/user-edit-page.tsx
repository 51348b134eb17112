import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { StepUpGate } from '../../ui/step-up-gate.tsx';
import { updateUser, userKeys, useUser } from './api.ts';
import { UserForm } from './user-form.tsx';

/** `/users/edit/:id/:token`: the token comes from the password confirmation. */
export function UserEditPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const token = params.token ?? '';
  const navigate = useNavigate();
  const client = useQueryClient();
  const user = useUser(id);
  usePageTitle(t('users.edit'));
  const name = user.data ? `${user.data.first_name} ${user.data.last_name}` : '';
  return (
    <div className="container page">
      <PageHeader
        eyebrow={t('users.title')}
        title={name ? t('users.editNamed', { name }) : t('users.edit')}
        back={{ to: `/users/${id}`, label: t('manage.back') }}
      />
      {user.isError && <p className="notice notice--error">{t('users.notFound')}</p>}
      {user.data && (
        <StepUpGate token={token} base="/users" entity="user" id={id}>
          <UserForm
            initial={user.data}
            submitLabel={t('manage.save')}
            cancelTo={`/users/${id}`}
            onSubmit={async (body) => {
              await updateUser(id, body, token);
              await client.invalidateQueries({ queryKey: userKeys.all });
              toast.success(t('manage.saved'));
              await navigate(`/users/${id}`);
            }}
          />
        </StepUpGate>
      )}
    </div>
  );
}
