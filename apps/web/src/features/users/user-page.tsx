import { useQueryClient } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Avatar } from '../../ui/avatar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmailText } from '../../ui/email-text.tsx';
import { EndSessionsButton } from '../../ui/end-sessions-button.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { PhoneLink } from '../../ui/phone-link.tsx';
import { useStepUpEdit } from '../../ui/step-up-edit.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { deleteUser, setUserArchived, userKeys, useUser } from './api.ts';
import '../../ui/management.css';
import { formatInstant } from '../../lib/format.ts';

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
    <div className="container page">
      <PageHeader
        eyebrow={t('users.title')}
        title={name || '…'}
        back={{ to: '/users', label: t('manage.back') }}
        media={user && <Avatar person={user} size={64} />}
        actions={
          user && (
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
          )
        }
      >
        {archived && (
          <span className="badge manage-badge--archived">{t('manage.archivedBadge')}</span>
        )}
      </PageHeader>
      {query.isError && <p className="notice notice--error">{t('users.notFound')}</p>}
      {user && (
        <section className="card manage-detail" aria-label={t('users.details')}>
          <dl className="manage-facts">
            <div>
              <dt>{t('users.fields.email')}</dt>
              <dd>
                <EmailText email={user.email} />
              </dd>
            </div>
            <div>
              <dt>{t('users.fields.role')}</dt>
              <dd>
                <span className="badge">{t(`roles.${user.role}`)}</span>
              </dd>
            </div>
            <div>
              <dt>{t('users.fields.institution')}</dt>
              <dd className="manage-name" style={{ fontWeight: 400 }}>
                {user.institution ? (
                  <>
                    <span
                      className="manage-swatch"
                      style={{ background: user.institution_color_code ?? undefined }}
                    />
                    {user.institution}
                  </>
                ) : (
                  t('users.noInstitution')
                )}
              </dd>
            </div>
            <div>
              <dt>{t('users.fields.gender')}</dt>
              <dd>{user.gender ? t(`users.genders.${user.gender}`) : '—'}</dd>
            </div>
            <div>
              <dt>{t('users.fields.phone')}</dt>
              <dd>
                <PhoneLink value={user.phone} />
              </dd>
            </div>
            <div>
              <dt>{t('users.fields.locale')}</dt>
              <dd>{t(`locales.${user.locale}`)}</dd>
            </div>
            <div>
              <dt>{t('users.fields.verified')}</dt>
              <dd>
                {user.email_verified_at
                  ? formatInstant(user.email_verified_at, i18n.language, { dateStyle: 'medium' })
                  : t('users.invitationPending')}
              </dd>
            </div>
          </dl>
        </section>
      )}
      {stepUp}
    </div>
  );
}
