import type { PageHref } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Link2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useSession } from '../../api/session.ts';
import { formatHours } from '../../lib/format.ts';
import { pagePath } from '../../lib/page-path.ts';
import { AssignmentPanel } from '../../ui/assignment-panel.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { useMayOpen } from '../../ui/role-link.tsx';
import { RowActions } from '../../ui/row-actions.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { deleteSubject, type SubjectDetail, subjectKeys, useSubject } from './api.ts';
import { lessonsBase, useCoefficient } from './paths.ts';
import '../../ui/cohorts.css';
import '../../ui/management.css';

/** `/subjects/:subjectId`: the subject, its modules, its teachers and its lessons. */
export function SubjectPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().subjectId);
  const { data, isError } = useSubject(id);
  const mayOpen = useMayOpen();
  const coefficient = useCoefficient();
  usePageTitle(data?.name ?? t('subjects.title'));
  const firstModule = data?.modules[0]?.id;
  const ways: PageHref[] = [
    '/subjects',
    ...(firstModule === undefined
      ? []
      : [pagePath('/module-subject/:moduleId', { moduleId: firstModule })]),
    '/modules',
  ];
  const back = ways.find((path) => mayOpen(path)) ?? '/dashboard';

  if (isError)
    return (
      <div className="container page">
        <PageHeader
          eyebrow={t('subjects.title')}
          title={t('subjects.title')}
          back={{ to: back, label: t('manage.back') }}
        />
        <p className="notice notice--error">{t('subjects.notFound')}</p>
      </div>
    );
  if (!data) return <p className="container page cohort-muted">{t('app.loading')}</p>;
  const archived = data.archived_at !== null;

  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={t('subjects.title')}
        title={data.name}
        back={{ to: back, label: t('manage.back') }}
        actions={
          <>
            {data.can.update && mayOpen(`/subjects/edit/${id}`) && (
              <Link to={`/subjects/edit/${id}`} className="button button--primary button--small">
                <Pencil size={16} aria-hidden="true" />
                {t('manage.edit')}
              </Link>
            )}
            {data.can.update && !archived && mayOpen(`/${id}/evaluations/add`) && (
              <Link to={`/${id}/evaluations/add`} className="button button--ghost button--small">
                <Plus size={16} aria-hidden="true" />
                {t('evaluations.addFromSubject')}
              </Link>
            )}
            <RowActions
              name={data.name}
              can={{ update: false, delete: false, archive: data.can.archive }}
              archived={archived}
              apiPath={`/api/subjects/${id}`}
              invalidate={[subjectKeys.all]}
            />
            {data.can.delete && <DeleteButton subject={data} after={back} />}
          </>
        }
      >
        {archived && (
          <span className="badge manage-badge--archived">{t('manage.archivedBadge')}</span>
        )}
      </PageHeader>

      <section className="card manage-detail" aria-label={t('subjects.details')}>
        <dl className="manage-facts">
          <div>
            <dt>{t('subjects.fields.coefficient')}</dt>
            <dd>{coefficient(data.coefficient)}</dd>
          </div>
          <div>
            <dt>{t('subjects.fields.hourly_volume')}</dt>
            <dd>{formatHours(data.hourly_volume, i18n.language)}</dd>
          </div>
          <div>
            <dt>{t('subjects.fields.institution')}</dt>
            <dd>{data.institution_name}</dd>
          </div>
          <div>
            <dt>{t('subjects.fields.nb_evaluations')}</dt>
            <dd>{data.nb_evaluations}</dd>
          </div>
        </dl>
        {data.description && <p>{data.description}</p>}
        {data.can.archive && data.nb_evaluations > 0 && (
          <p className="cohort-muted">{t('subjects.archiveOnly')}</p>
        )}
      </section>

      <div className="cohort-sections">
        <ModulesSection subject={data} />
        <LessonsSection subject={data} />
      </div>
      <TeachersSection subject={data} />
    </div>
  );
}

/** Deletes after the confirmation, which says what goes with the subject, then leaves the page. */
function DeleteButton({ subject, after }: { subject: SubjectDetail; after: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const warning =
    subject.lessons.length > 0
      ? ` — ${t('subjects.deleteWithLessons', { count: subject.lessons.length })}`
      : '';
  return (
    <ConfirmDialog
      kind="delete"
      subject={`${subject.name}${warning}`}
      onConfirm={async () => {
        try {
          await deleteSubject(subject.id);
          client.removeQueries({ queryKey: subjectKeys.one(subject.id) });
          await client.invalidateQueries({ queryKey: subjectKeys.all });
          toast.success(t('manage.deleted'));
          await navigate(after);
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
  );
}

function ModulesSection({ subject }: { subject: SubjectDetail }) {
  const { t } = useTranslation();
  const mayOpen = useMayOpen();
  return (
    <section className="card cohort-section">
      <h2>{t('subjects.modules')}</h2>
      {subject.modules.length === 0 ? (
        <p className="cohort-empty">{t('subjects.noModule')}</p>
      ) : (
        <ul className="cohort-list">
          {subject.modules.map((module) => (
            <li key={module.id}>
              {mayOpen(`/modules/${module.id}`) ? (
                <Link to={`/modules/${module.id}`} className="cohort-link">
                  {module.name}
                </Link>
              ) : (
                module.name
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LessonsSection({ subject }: { subject: SubjectDetail }) {
  const { t } = useTranslation();
  const mayOpen = useMayOpen();
  const base = lessonsBase(subject);
  const addPath = `${base}/lessons/add`;
  return (
    <section className="card cohort-section">
      <div className="cohort-section__head">
        <h2>{t('subjects.lessons')}</h2>
        <span className="badge">{subject.lessons.length}</span>
      </div>
      {subject.lessons.length === 0 ? (
        <p className="cohort-empty">{t('subjects.noLesson')}</p>
      ) : (
        <ol className="cohort-list">
          {subject.lessons.map((lesson) => {
            const path = `${base}/lessons/${lesson.id}`;
            return (
              <li key={lesson.id}>
                {mayOpen(path) ? (
                  <Link to={path} className="cohort-link">
                    {lesson.title}
                  </Link>
                ) : (
                  lesson.title
                )}
                <span className="cohort-muted">
                  {t('subjects.chapters', { count: lesson.nb_chapters })}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {subject.can.assign_lessons && (
        <div className="cohort-form__actions">
          {mayOpen(`/lesson-subject/${subject.id}`) && (
            <Link
              to={`/lesson-subject/${subject.id}`}
              className="button button--ghost button--small"
            >
              <Link2 size={16} aria-hidden="true" />
              {t('subjects.manageLessons')}
            </Link>
          )}
          {mayOpen(addPath) && (
            <Link to={addPath} className="button button--primary button--small">
              <Plus size={16} aria-hidden="true" />
              {t('subjects.addLesson')}
            </Link>
          )}
        </div>
      )}
    </section>
  );
}

/** Those who may staff the subject assign and dissociate its teachers; the others read the list. */
function TeachersSection({ subject }: { subject: SubjectDetail }) {
  const { t } = useTranslation();
  const { user } = useSession();
  if (subject.can.assign_teachers) {
    return (
      <AssignmentPanel
        path={`/api/subjects/${subject.id}/teachers`}
        title={t('subjects.teachers')}
        empty={t('subjects.noTeacher')}
        addLabel={t('subjects.addTeachers')}
        invalidate={[subjectKeys.all]}
      />
    );
  }
  return (
    <section className="card cohort-section">
      <div className="cohort-section__head">
        <h2>{t('subjects.teachers')}</h2>
        <span className="badge">{subject.teachers.length}</span>
      </div>
      {subject.teachers.length === 0 ? (
        <p className="cohort-empty">{t('subjects.noTeacher')}</p>
      ) : (
        <ul className="cohort-list">
          {subject.teachers.map((teacher) => (
            <li key={teacher.id}>
              <div className="cohort-list__text">
                <strong>
                  {teacher.first_name} {teacher.last_name}
                  {teacher.id === user?.userId ? ` (${t('subjects.you')})` : ''}
                </strong>
                <span>{teacher.email}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
