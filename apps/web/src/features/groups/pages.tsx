import { zodResolver } from '@hookform/resolvers/zod';
import { groupBody } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus, UserPlus } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { createGroup, type Group, useGroup, useGroups } from '../../api/groups.ts';
import { usePromotionOptions } from '../../api/promotions.ts';
import { useSession } from '../../api/session.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { useListState } from '../../lib/list-state.ts';
import { AssignmentPanel } from '../../ui/assignment-panel.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import { SelectField, TextField } from '../../ui/fields.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RowActions } from '../../ui/row-actions.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { toastError } from '../../ui/toast-error.ts';
import '../../ui/cohorts.css';

const groupPath = (g: { promotion_id: number; id: number }) => `/${g.promotion_id}/groups/${g.id}`;

/** `/groups`: the groups of the institution (super-teacher) or of the teacher's promotions. */
export function GroupsPage() {
  const { t } = useTranslation();
  usePageTitle(t('groups.title'));
  const { user } = useSession();
  const [state, setState] = useListState();
  const { data, isLoading } = useGroups(state);
  const columns = useMemo<ColumnDef<Group>[]>(
    () => [
      {
        id: 'name',
        header: t('cohorts.fields.name'),
        meta: { sortKey: 'name' },
        cell: ({ row }) => (
          <Link to={groupPath(row.original)} className="cohort-link">
            {row.original.name}
          </Link>
        ),
      },
      {
        id: 'promotion_name',
        header: t('cohorts.fields.promotion'),
        meta: { sortKey: 'promotion_name' },
        cell: ({ row }) => `${row.original.promotion_name} (${row.original.academic_year})`,
      },
      {
        id: 'nb_students',
        header: t('cohorts.fields.nbStudents'),
        meta: { sortKey: 'nb_students', numeric: true },
        cell: ({ row }) => row.original.nb_students,
      },
      {
        id: 'nb_subjects',
        header: t('cohorts.fields.nbSubjects'),
        meta: { sortKey: 'nb_subjects', numeric: true },
        cell: ({ row }) => row.original.nb_subjects,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('cohorts.actions')}</span>,
        cell: ({ row }) => (
          <RowActions
            area="cohorts"
            name={row.original.name}
            can={row.original.can}
            archived={row.original.archived_at !== null}
            view={groupPath(row.original)}
            apiPath={`/api/groups/${row.original.id}`}
            invalidate={[['group']]}
            deletable
          />
        ),
      },
    ],
    [t],
  );
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={t('cohorts.eyebrow')}
        title={t('groups.title')}
        actions={
          user?.role === 'admin' ? (
            <Link to="/groups/add" className="button button--primary">
              <Plus size={16} aria-hidden="true" />
              {t('groups.add')}
            </Link>
          ) : undefined
        }
      />
      <DataTable
        caption={t('groups.title')}
        columns={columns}
        answer={data}
        isLoading={isLoading}
        state={state}
        onStateChange={setState}
        emptyMessage={t('groups.empty')}
        archivable
        actions={
          <ExportButton<Group>
            path={'/api/groups'}
            state={state}
            columns={[
              { header: t('cohorts.fields.name'), value: (row) => row.name },
              { header: t('cohorts.fields.promotion'), value: (row) => row.promotion_name },
              { header: t('cohorts.fields.academicYear'), value: (row) => row.academic_year },
              { header: t('students.title'), value: (row) => row.nb_students },
            ]}
            filename="groups.csv"
          />
        }
      />
    </div>
  );
}

/** `/groups/add`: a group in one of the institution's promotions. */
export function GroupFormPage() {
  const { t } = useTranslation();
  usePageTitle(t('groups.add'));
  const [search] = useSearchParams();
  const preset = Number(search.get('promotion')) || undefined;
  const navigate = useNavigate();
  const client = useQueryClient();
  const promotions = usePromotionOptions();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(groupBody),
    defaultValues: { promotion_id: preset ?? 0, name: '' },
    values:
      !preset && promotions.data?.[0]
        ? { promotion_id: promotions.data[0].id, name: '' }
        : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = await createGroup(body);
      await client.invalidateQueries({ queryKey: ['group'] });
      await client.invalidateQueries({ queryKey: ['promotion'] });
      toast.success(t('cohorts.saved'));
      navigate(`/${saved.promotion_id}/group-student/${saved.id}`);
    } catch (error) {
      if (!applyServerErrors(error, setError, ['promotion_id', 'name'])) {
        toastError(error, t('cohorts.failed'));
      }
    }
  });
  return (
    <div className="container page cohort-page">
      <PageHeader eyebrow={t('groups.title')} title={t('groups.add')} />
      <form className="card cohort-form form" onSubmit={onSubmit} noValidate>
        <div className="cohort-form__grid">
          <SelectField
            label={t('cohorts.fields.promotion')}
            error={errors.promotion_id}
            {...register('promotion_id', { valueAsNumber: true })}
          >
            {promotions.data?.map((promotion) => (
              <option key={promotion.id} value={promotion.id}>
                {promotion.name} ({promotion.academic_year})
              </option>
            ))}
          </SelectField>
          <TextField label={t('cohorts.fields.name')} error={errors.name} {...register('name')} />
        </div>
        <div className="cohort-form__actions">
          <button type="button" className="button button--ghost" onClick={() => navigate(-1)}>
            {t('cohorts.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {t('cohorts.save')}
          </button>
        </div>
      </form>
    </div>
  );
}

/** `/:promotionId/groups/:groupId`: the group's students and subjects. */
export function GroupDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.groupId);
  const { user } = useSession();
  const { data, error } = useGroup(id);
  usePageTitle(data?.name ?? t('groups.title'));
  if (error)
    return <p className="container page cohort-page notice notice--error">{error.message}</p>;
  if (!data) return <p className="container page cohort-page cohort-muted">{t('app.loading')}</p>;
  const manage = user?.role === 'admin' || user?.role === 'super-teacher';
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={`${data.promotion_name} · ${data.academic_year}`}
        title={data.name}
        back={
          user?.role === 'admin'
            ? {
                to: `/${data.program_id}/promotions/${data.promotion_id}`,
                label: data.promotion_name,
              }
            : { to: '/groups', label: t('groups.title') }
        }
        actions={
          <>
            <StatusBadge archived={data.archived_at !== null} />
            {manage && (
              <Link
                to={`/${data.promotion_id}/group-student/${data.id}`}
                className="button button--primary"
              >
                <UserPlus size={16} aria-hidden="true" />
                {t('groups.manage')}
              </Link>
            )}
            <RowActions
              area="cohorts"
              name={data.name}
              can={{ ...data.can, update: false }}
              archived={data.archived_at !== null}
              apiPath={`/api/groups/${data.id}`}
              invalidate={[['group']]}
            />
          </>
        }
      />
      <div className="cohort-sections">
        <section className="card cohort-section">
          <h2>{t('students.title')}</h2>
          {data.students.length === 0 ? (
            <p className="cohort-empty">{t('students.empty')}</p>
          ) : (
            <ul className="cohort-list">
              {data.students.map((student) => (
                <li key={student.id}>
                  <div className="cohort-list__text">
                    <strong>
                      {student.first_name} {student.last_name}
                    </strong>
                    <span>{student.email}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card cohort-section">
          <h2>{t('groups.subjects')}</h2>
          {data.subjects.length === 0 ? (
            <p className="cohort-empty">{t('cohorts.noSubject')}</p>
          ) : (
            <ul className="cohort-list">
              {data.subjects.map((subject) => (
                <li key={subject.id}>{subject.name}</li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

/** `/:promotionId/group-student/:groupId`: students (of the promotion) and subjects of a group. */
export function GroupStudentsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.groupId);
  const { data } = useGroup(id);
  usePageTitle(t('groups.manage'));
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={data ? `${data.name} · ${data.promotion_name}` : t('groups.title')}
        title={t('groups.manage')}
        back={{ to: `/${params.promotionId}/groups/${id}`, label: data?.name ?? t('cohorts.back') }}
      />
      <AssignmentPanel
        path={`/api/groups/${id}/students`}
        title={t('students.title')}
        empty={t('students.empty')}
        addLabel={t('groups.addStudents')}
        invalidate={[['group'], ['student']]}
      />
      <AssignmentPanel
        path={`/api/groups/${id}/subjects`}
        title={t('groups.subjects')}
        empty={t('cohorts.noSubject')}
        addLabel={t('groups.addSubjects')}
        invalidate={[['group']]}
      />
    </div>
  );
}
