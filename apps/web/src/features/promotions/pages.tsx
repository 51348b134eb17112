import { zodResolver } from '@hookform/resolvers/zod';
import { promotionBody } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { GraduationCap, Pencil, Plus, UserPlus } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useGroups } from '../../api/groups.ts';
import { fullName, usePeople } from '../../api/people.ts';
import {
  type Promotion,
  savePromotion,
  useProgramOptions,
  usePromotion,
  usePromotions,
} from '../../api/promotions.ts';
import { useSession } from '../../api/session.ts';
import { useTrainings } from '../../api/trainings.ts';
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

const promotionPath = (p: { program_id: number; id: number }) =>
  `/${p.program_id}/promotions/${p.id}`;

/** `/:id?/promotions`: the promotions of a program, or of the whole institution. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const programId = params.id ? Number(params.id) : undefined;
  usePageTitle(t('promotions.title'));
  const { user } = useSession();
  const [state, setState] = useListState();
  const { data, isLoading } = usePromotions(state, programId);
  const isAdmin = user?.role === 'admin';
  const programs = useProgramOptions(isAdmin);
  const addProgram = programId ?? programs.data?.[0]?.id;
  const program = programs.data?.find((p) => p.id === programId);

  const columns = useMemo<ColumnDef<Promotion>[]>(
    () => [
      {
        id: 'name',
        header: t('cohorts.fields.name'),
        meta: { sortKey: 'name' },
        cell: ({ row }) => (
          <Link to={promotionPath(row.original)} className="cohort-link">
            {row.original.name}
          </Link>
        ),
      },
      {
        id: 'academic_year',
        header: t('cohorts.fields.academicYear'),
        meta: { sortKey: 'academic_year' },
        cell: ({ row }) => row.original.academic_year,
      },
      {
        id: 'program_name',
        header: t('cohorts.fields.program'),
        meta: { sortKey: 'program_name' },
        cell: ({ row }) => row.original.program_name,
      },
      {
        id: 'level',
        header: t('cohorts.fields.level'),
        meta: { sortKey: 'level' },
        cell: ({ row }) => row.original.level,
      },
      {
        id: 'nb_students',
        header: t('cohorts.fields.nbStudents'),
        meta: { sortKey: 'nb_students', numeric: true },
        cell: ({ row }) => row.original.nb_students,
      },
      {
        id: 'nb_trainings',
        header: t('cohorts.fields.nbTrainings'),
        meta: { sortKey: 'nb_trainings', numeric: true },
        cell: ({ row }) => row.original.nb_trainings,
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
            view={promotionPath(row.original)}
            edit={`/${row.original.program_id}/promotions/edit/${row.original.id}`}
            apiPath={`/api/promotions/${row.original.id}`}
            invalidate={[['promotion']]}
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
        eyebrow={program ? program.name : t('cohorts.eyebrow')}
        title={t('promotions.title')}
        actions={
          isAdmin && addProgram ? (
            <Link to={`/${addProgram}/promotions/add`} className="button button--primary">
              <Plus size={16} aria-hidden="true" />
              {t('promotions.add')}
            </Link>
          ) : undefined
        }
      />
      <DataTable
        caption={t('promotions.title')}
        columns={columns}
        answer={data}
        isLoading={isLoading}
        state={state}
        onStateChange={setState}
        emptyMessage={t('promotions.empty')}
        archivable
        actions={
          <ExportButton<Promotion>
            path={programId ? `/api/promotions?program_id=${programId}` : '/api/promotions'}
            state={state}
            columns={[
              { header: t('cohorts.fields.program'), value: (row) => row.program_name },
              { header: t('cohorts.fields.name'), value: (row) => row.name },
              { header: t('cohorts.fields.academicYear'), value: (row) => row.academic_year },
              { header: t('cohorts.fields.level'), value: (row) => row.level },
              { header: t('students.title'), value: (row) => row.nb_students },
              { header: t('trainings.title'), value: (row) => row.nb_trainings },
            ]}
            filename="promotions.csv"
          />
        }
      />
    </div>
  );
}

/** `/:id/promotions/add` and `/:id/promotions/edit/:promotionId`. */
export function PromotionFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const programId = Number(params.id);
  const promotionId = params.promotionId ? Number(params.promotionId) : undefined;
  usePageTitle(t(promotionId ? 'promotions.edit' : 'promotions.add'));
  const navigate = useNavigate();
  const client = useQueryClient();
  const programs = useProgramOptions();
  const existing = usePromotion(promotionId ?? 0);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(promotionBody),
    defaultValues: { program_id: programId, name: '', academic_year: defaultYear(), level: '' },
    values:
      promotionId && existing.data
        ? {
            program_id: existing.data.program_id,
            name: existing.data.name,
            academic_year: existing.data.academic_year,
            level: existing.data.level,
          }
        : undefined,
  });
  const chosen = programs.data?.find((p) => p.id === Number(watch('program_id')));

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = await savePromotion(body, promotionId);
      await client.invalidateQueries({ queryKey: ['promotion'] });
      toast.success(t('cohorts.saved'));
      navigate(promotionPath(saved));
    } catch (error) {
      if (!applyServerErrors(error, setError, ['program_id', 'name', 'academic_year', 'level'])) {
        toastError(error, t('cohorts.failed'));
      }
    }
  });

  // The selects need their options before react-hook-form sets their values.
  if (!programs.data || (promotionId && !existing.data)) {
    return <p className="container page cohort-page cohort-muted">{t('app.loading')}</p>;
  }

  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={t('promotions.title')}
        title={t(promotionId ? 'promotions.edit' : 'promotions.add')}
        back={{ to: `/${programId}/promotions`, label: t('promotions.title') }}
      />
      <form className="card cohort-form form" onSubmit={onSubmit} noValidate>
        <div className="cohort-form__grid">
          <SelectField
            label={t('cohorts.fields.program')}
            error={errors.program_id}
            {...register('program_id', { valueAsNumber: true })}
          >
            {programs.data?.map((program) => (
              <option key={program.id} value={program.id}>
                {program.name}
              </option>
            ))}
          </SelectField>
          <TextField label={t('cohorts.fields.name')} error={errors.name} {...register('name')} />
          <TextField
            label={t('cohorts.fields.academicYear')}
            placeholder="2026-2027"
            error={errors.academic_year}
            {...register('academic_year')}
          />
          {chosen && chosen.levels.length > 0 ? (
            <SelectField
              label={t('cohorts.fields.level')}
              error={errors.level}
              {...register('level')}
            >
              <option value="">—</option>
              {chosen.levels.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </SelectField>
          ) : (
            <TextField
              label={t('cohorts.fields.level')}
              error={errors.level}
              {...register('level')}
            />
          )}
        </div>
        <div className="cohort-form__actions">
          <Link to={`/${programId}/promotions`} className="button button--ghost">
            {t('cohorts.cancel')}
          </Link>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {t('cohorts.save')}
          </button>
        </div>
      </form>
    </div>
  );
}

/** The academic year that starts this calendar year (September onwards) or the current one. */
function defaultYear(): string {
  const now = new Date();
  const start = now.getMonth() >= 7 ? now.getFullYear() : now.getFullYear() - 1;
  return `${start}-${start + 1}`;
}

const SMALL = { page: 1, per_page: 100 as const, q: '', sort: '', archived: false };

/** `/:id/promotions/:promotionId`: students, teachers with access, trainings and groups. */
export function PromotionDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.promotionId);
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const { data, error } = usePromotion(id);
  const students = usePeople('student', SMALL, id);
  const trainings = useTrainings(SMALL, id);
  const groups = useGroups(SMALL, id);
  usePageTitle(data?.name ?? t('promotions.title'));
  if (error)
    return <p className="container page cohort-page notice notice--error">{error.message}</p>;
  if (!data) return <p className="container page cohort-page cohort-muted">{t('app.loading')}</p>;
  const base = `/${data.program_id}`;
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={`${data.program_name} · ${data.academic_year}`}
        title={data.name}
        back={{ to: `${base}/promotions`, label: t('promotions.title') }}
        actions={
          <>
            <StatusBadge archived={data.archived_at !== null} />
            {data.can.update && (
              <Link to={`${base}/promotions/edit/${data.id}`} className="button button--ghost">
                <Pencil size={16} aria-hidden="true" />
                {t('cohorts.edit')}
              </Link>
            )}
            <RowActions
              area="cohorts"
              name={data.name}
              can={{ ...data.can, update: false }}
              archived={data.archived_at !== null}
              apiPath={`/api/promotions/${data.id}`}
              invalidate={[['promotion']]}
            />
          </>
        }
      />
      <dl className="cohort-facts">
        <div>
          <dt>{t('cohorts.fields.level')}</dt>
          <dd>{data.level}</dd>
        </div>
        <div>
          <dt>{t('cohorts.fields.nbStudents')}</dt>
          <dd>{data.nb_students}</dd>
        </div>
        <div>
          <dt>{t('cohorts.fields.nbTeachers')}</dt>
          <dd>{data.nb_teachers}</dd>
        </div>
        <div>
          <dt>{t('cohorts.fields.nbTrainings')}</dt>
          <dd>{data.nb_trainings}</dd>
        </div>
      </dl>
      <div className="cohort-sections">
        <section className="card cohort-section" aria-labelledby="promotion-trainings">
          <div className="cohort-section__head">
            <h2 id="promotion-trainings">{t('trainings.title')}</h2>
            {isAdmin && (
              <Link
                to={`${base}/${data.id}/trainings/add`}
                className="button button--primary button--small"
              >
                <Plus size={16} aria-hidden="true" />
                {t('trainings.add')}
              </Link>
            )}
          </div>
          {trainings.data?.data.length === 0 ? (
            <p className="cohort-empty">{t('trainings.empty')}</p>
          ) : (
            <ul className="cohort-list">
              {trainings.data?.data.map((training) => (
                <li key={training.id}>
                  <Link to={`${base}/${data.id}/trainings/${training.id}`} className="cohort-link">
                    {training.title}
                  </Link>
                  <span className="badge">{t(`trainings.visibility.${training.visibility}`)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card cohort-section" aria-labelledby="promotion-students">
          <div className="cohort-section__head">
            <h2 id="promotion-students">{t('students.title')}</h2>
            {isAdmin && (
              <Link
                to={`${base}/promotion-student/${data.id}`}
                className="button button--ghost button--small"
              >
                <UserPlus size={16} aria-hidden="true" />
                {t('promotions.manageStudents')}
              </Link>
            )}
          </div>
          {students.data?.data.length === 0 ? (
            <p className="cohort-empty">{t('students.empty')}</p>
          ) : (
            <ul className="cohort-list">
              {students.data?.data.map((student) => (
                <li key={student.id}>
                  <div className="cohort-list__text">
                    <Link to={`/students/${student.id}`} className="cohort-link">
                      {fullName(student)}
                    </Link>
                    <span>{student.email}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card cohort-section" aria-labelledby="promotion-groups">
          <div className="cohort-section__head">
            <h2 id="promotion-groups">{t('groups.title')}</h2>
            {isAdmin && (
              <Link
                to={`/groups/add?promotion=${data.id}`}
                className="button button--ghost button--small"
              >
                <Plus size={16} aria-hidden="true" />
                {t('groups.add')}
              </Link>
            )}
          </div>
          {groups.data?.data.length === 0 ? (
            <p className="cohort-empty">{t('groups.empty')}</p>
          ) : (
            <ul className="cohort-list">
              {groups.data?.data.map((group) => (
                <li key={group.id}>
                  <Link to={`/${data.id}/groups/${group.id}`} className="cohort-link">
                    {group.name}
                  </Link>
                  <span className="cohort-muted">
                    {t('groups.countStudents', { count: group.nb_students })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {isAdmin && (
          <section className="card cohort-section" aria-labelledby="promotion-teachers">
            <div className="cohort-section__head">
              <h2 id="promotion-teachers">{t('promotions.teachersWithAccess')}</h2>
              <Link
                to={`${base}/promotion-teacher/${data.id}`}
                className="button button--ghost button--small"
              >
                <GraduationCap size={16} aria-hidden="true" />
                {t('promotions.manageTeachers')}
              </Link>
            </div>
            <p className="cohort-muted">
              {t('promotions.teachersHint', { count: data.nb_teachers })}
            </p>
          </section>
        )}
      </div>
    </div>
  );
}

function PromotionPeoplePage({ kind }: { kind: 'students' | 'teachers' }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.promotionId);
  const { data } = usePromotion(id);
  const title = t(kind === 'students' ? 'promotions.manageStudents' : 'promotions.manageTeachers');
  usePageTitle(title);
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={data ? `${data.name} · ${data.academic_year}` : t('promotions.title')}
        title={title}
        back={{ to: `/${params.id}/promotions/${id}`, label: data?.name ?? t('cohorts.back') }}
      />
      <AssignmentPanel
        path={`/api/promotions/${id}/${kind}`}
        title={t(kind === 'students' ? 'students.title' : 'promotions.teachersWithAccess')}
        empty={t(kind === 'students' ? 'students.empty' : 'teachers.empty')}
        addLabel={t(kind === 'students' ? 'promotions.addStudents' : 'promotions.addTeachers')}
        invalidate={[['promotion'], [kind === 'students' ? 'student' : 'teacher']]}
      />
    </div>
  );
}

/** `/:id/promotion-student/:promotionId`. */
export const PromotionStudentsPage = () => <PromotionPeoplePage kind="students" />;
/** `/:id/promotion-teacher/:promotionId`: teachers given access to the promotion. */
export const PromotionTeachersPage = () => <PromotionPeoplePage kind="teachers" />;
