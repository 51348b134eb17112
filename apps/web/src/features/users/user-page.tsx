import { useQueryClient } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { formatInstant } from '../../lib/format.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DetailPage } from '../../ui/detail-page.tsx';
import { EmailText } from '../../ui/email-text.tsx';
import { EndSessionsButton } from '../../ui/end-sessions-button.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { PhoneLink } from '../../ui/phone-link.tsx';
import { useStepUpEdit } from '../../ui/step-up-edit.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { deleteUser, setUserArchived, userKeys, useUser } from './api.ts';

/** `/users/:id` (super-admin): the account's details and actions. */
export function UserPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const client = useQueryClient();
  const query = useUser(id);
  const user = query.data;
  const [stepUp, editWithStepUp] = useStepUpEdit('/users', 'user');
  const name = user ? `${user.first_name} ${user.last_name}` : '';
  usePageTitle(name || t('users.title'));
  const refresh = () => client.invalidateQueries({ queryKey: userKeys.all });
  const archived = Boolean(user?.archived_at);

  return (
    <DetailPage
      data={user}
      eyebrow={t('users.title')}
      title={user && name}
      back={{ to: '/users', label: t('manage.back') }}
      media={user && <Avatar person={user} size={64} />}
      archived={archived}
      error={query.isError && t('users.notFound')}
      label={t('users.details')}
      actions={(user) => (
        <>
          {user.can.update && (
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => editWithStepUp(id)}
            >
              <Pencil size={16} aria-hidden="true" />
              {t('manage.edit')}
            </button>
          )}
          {user.can.archive && !archived && (
            <EndSessionsButton
              apiPath={`/api/users/${id}`}
              target={{ entity: 'user', id }}
              name={name}
              small
            />
          )}
          {user.can.archive && (
            <ConfirmDialog
              kind={archived ? 'unarchive' : 'archive'}
              subject={name}
              onConfirm={async () => {
                try {
                  await setUserArchived(id, !archived);
                  toast.success(t(archived ? 'manage.unarchived' : 'manage.archived'));
                  await refresh();
                } catch (error) {
                  toastError(error);
                }
              }}
              trigger={
                <button type="button" className="button button--ghost button--small">
                  {archived ? (
                    <ArchiveRestore size={16} aria-hidden="true" />
                  ) : (
                    <Archive size={16} aria-hidden="true" />
                  )}
                  {t(archived ? 'manage.unarchive' : 'manage.archive')}
                </button>
              }
            />
          )}
          {user.can.delete && (
            <ConfirmDialog
              kind="delete"
              subject={name}
              onConfirm={async () => {
                try {
                  await deleteUser(id);
                  toast.success(t('manage.deleted'));
                  await refresh();
                  await navigate('/users');
                } catch (error) {
                  toastError(error);
                }
              }}
              trigger={
                <button type="button" className="button button--danger button--small">
                  <Trash2 size={16} aria-hidden="true" />
                  {t('manage.delete')}
                </button>
              }
            />
          )}
        </>
      )}
      fields={(user) => [
        { label: t('users.fields.email'), value: <EmailText email={user.email} /> },
        {
          label: t('users.fields.role'),
          value: <span className="badge">{t(`roles.${user.role}`)}</span>,
        },
        {
          label: t('users.fields.institution'),
          className: 'manage-name',
          style: { fontWeight: 400 },
          value: user.institution ? (
            <>
              <span
                className="manage-swatch"
                style={{ background: user.institution_color_code ?? undefined }}
              />
              {user.institution}
            </>
          ) : (
            t('users.noInstitution')
          ),
        },
        {
          label: t('users.fields.gender'),
          value: user.gender ? t(`users.genders.${user.gender}`) : '—',
        },
        { label: t('users.fields.phone'), value: <PhoneLink value={user.phone} /> },
        { label: t('users.fields.locale'), value: t(`locales.${user.locale}`) },
        {
          label: t('users.fields.verified'),
          value: user.email_verified_at
            ? formatInstant(user.email_verified_at, i18n.language, { dateStyle: 'medium' })
            : t('users.invitationPending'),
        },
      ]}
    >
      {stepUp}
    </DetailPage>
  );
}
