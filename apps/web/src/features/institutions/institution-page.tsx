import { useQueryClient } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Link2, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DetailPage } from '../../ui/detail-page.tsx';
import { EmailText } from '../../ui/email-text.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { PhoneLink } from '../../ui/phone-link.tsx';
import { RoleLink } from '../../ui/role-link.tsx';
import { useStepUpEdit } from '../../ui/step-up-edit.tsx';
import { toastError } from '../../ui/toast-error.ts';
import {
  deleteInstitution,
  institutionKeys,
  setInstitutionArchived,
  useInstitution,
} from './api.ts';

/** `/institutions/:id` (super-admin): the institution's details and actions. */
export function InstitutionPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const client = useQueryClient();
  const query = useInstitution(id);
  const institution = query.data;
  const [stepUp, editWithStepUp] = useStepUpEdit('/institutions', 'institution');
  usePageTitle(institution?.name ?? t('institutions.title'));
  const refresh = () => client.invalidateQueries({ queryKey: institutionKeys.all });
  const archived = institution?.archived_at !== null && institution?.archived_at !== undefined;

  return (
    <DetailPage
      data={institution}
      eyebrow={t('institutions.title')}
      title={institution?.name}
      back={{ to: '/institutions', label: t('manage.back') }}
      archived={archived}
      error={query.isError && t('institutions.notFound')}
      label={t('institutions.details')}
      actions={(institution) => (
        <>
          <RoleLink
            otherwise="nothing"
            to={`/institution-program/${id}`}
            className="button button--ghost button--small"
          >
            <Link2 size={16} aria-hidden="true" />
            {t('institutions.programs')}
          </RoleLink>
          {institution.can.update && (
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => editWithStepUp(id)}
            >
              <Pencil size={16} aria-hidden="true" />
              {t('manage.edit')}
            </button>
          )}
          {institution.can.archive && (
            <ConfirmDialog
              kind={archived ? 'unarchive' : 'archive'}
              subject={institution.name}
              onConfirm={async () => {
                try {
                  await setInstitutionArchived(id, !archived);
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
          {institution.can.delete && (
            <ConfirmDialog
              kind="delete"
              subject={institution.name}
              onConfirm={async () => {
                try {
                  await deleteInstitution(id);
                  toast.success(t('manage.deleted'));
                  await refresh();
                  await navigate('/institutions');
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
      lead={(institution) => (
        <div className="manage-detail__hero">
          {institution.logo_link ? (
            <img
              src={institution.logo_link}
              alt={t('institutions.logoOf', { name: institution.name })}
              width={72}
              height={72}
            />
          ) : (
            <span
              className="manage-swatch"
              style={{ background: institution.color_code, width: 48, height: 48 }}
            />
          )}
          <div>
            <strong>{institution.diminutive ?? institution.name}</strong>
            <p className="manage-muted">{t(`institutions.kinds.${institution.kind}`)}</p>
          </div>
        </div>
      )}
      fields={(institution) => [
        {
          label: t('institutions.fields.color_code'),
          className: 'manage-name',
          value: (
            <>
              <span className="manage-swatch" style={{ background: institution.color_code }} />
              <code>{institution.color_code}</code>
            </>
          ),
        },
        {
          label: t('institutions.fields.url'),
          value: (
            <a href={institution.url} target="_blank" rel="noreferrer noopener">
              {institution.url}
            </a>
          ),
        },
        { label: t('institutions.fields.email'), value: <EmailText email={institution.email} /> },
        { label: t('institutions.fields.phone'), value: <PhoneLink value={institution.phone} /> },
        { label: t('institutions.fields.address'), value: institution.address },
        { label: t('institutions.fields.nb_users'), value: institution.nb_users },
        { label: t('institutions.fields.nb_programs'), value: institution.nb_programs },
        { label: t('institutions.fields.nb_levels'), value: institution.nb_levels },
      ]}
      extra={(institution) =>
        institution.levels.length > 0 && (
          <div className="manage-section">
            <h2>{t('institutions.fields.levelsList')}</h2>
            <ul className="manage-chips">
              {institution.levels.map((level) => (
                <li key={level} className="badge">
                  {level}
                </li>
              ))}
            </ul>
          </div>
        )
      }
    >
      {stepUp}
    </DetailPage>
  );
}
