import type { ColumnDef } from '@tanstack/react-table';
import { BookOpen, Pencil, Plus, Upload, UsersRound } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  fullName,
  type PersonKind,
  type PersonRow,
  peoplePath,
  usePeople,
  usePerson,
} from '../../api/people.ts';
import { useListState } from '../../lib/list-state.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { CsvColumn } from '../../ui/export-csv.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { RowActions } from '../../ui/row-actions.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { useStepUpEdit } from '../../ui/step-up-edit.tsx';
import { ImportPanel } from './import-panel.tsx';
import '../../ui/cohorts.css';

const base = (kind: PersonKind) => (kind === 'student' ? '/students' : '/teachers');
const ns = (kind: PersonKind) => (kind === 'student' ? 'students' : 'teachers');
/** `/students` and `/teachers`: the institution's people, searchable, with their actions. */
export function PeopleListPage({ kind }: { kind: PersonKind }) {
  const { t } = useTranslation();
  const n = ns(kind);
  usePageTitle(t(`${n}.title`));
  const [state, setState] = useListState();
  const { data, isLoading } = usePeople(kind, state);
  const [stepUpDialog, editWithStepUp] = useStepUpEdit(base(kind));
  const [importing, setImporting] = useState(false);

  const columns = useMemo<ColumnDef<PersonRow>[]>(
    () => [
      {
        id: 'last_name',
        header: t('cohorts.fields.name'),
        meta: { sortKey: 'last_name' },
        cell: ({ row }) => (
          <Link to={`${base(kind)}/${row.original.id}`} className="cohort-link">
            {fullName(row.original)}
          </Link>
        ),
      },
      {
        id: 'email',
        header: t('cohorts.fields.email'),
        meta: { sortKey: 'email' },
        cell: ({ row }) => row.original.email,
      },
      ...(kind === 'teacher'
        ? ([
            {
              id: 'role',
              header: t('cohorts.fields.role'),
              cell: ({ row }) => t(`roles.${row.original.role}`),
            },
            {
              id: 'nb_subjects',
              header: t('cohorts.fields.nbSubjects'),
              meta: { sortKey: 'nb_subjects', numeric: true },
              cell: ({ row }) => row.original.nb_subjects,
            },
          ] satisfies ColumnDef<PersonRow>[])
        : ([
            {
              id: 'nb_groups',
              header: t('cohorts.fields.nbGroups'),
              meta: { sortKey: 'nb_groups', numeric: true },
              cell: ({ row }) => row.original.nb_groups,
            },
          ] satisfies ColumnDef<PersonRow>[])),
      {
        id: 'promotions',
        header: t('cohorts.fields.promotions'),
        cell: ({ row }) => row.original.promotions.join(', ') || '—',
      },
      {
        id: 'status',
        header: t('cohorts.fields.status'),
        cell: ({ row }) =>
          row.original.archived_at ? (
            <StatusBadge archived />
          ) : row.original.email_verified_at ? (
            <span className="badge badge--success">{t('cohorts.active')}</span>
          ) : (
            <span className="badge">{t('cohorts.invited')}</span>
          ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('cohorts.actions')}</span>,
        cell: ({ row }) => (
          <RowActions
            area="cohorts"
            name={fullName(row.original)}
            can={row.original.can}
            archived={row.original.archived_at !== null}
            view={`${base(kind)}/${row.original.id}`}
            edit={() => editWithStepUp(row.original.id)}
            apiPath={`${peoplePath(kind)}/${row.original.id}`}
            invalidate={[[kind]]}
          />
        ),
      },
    ],
    [t, kind, editWithStepUp],
  );

  const csvColumns: CsvColumn<PersonRow>[] = [
    { header: t('cohorts.fields.lastName'), value: (row) => row.last_name },
    { header: t('cohorts.fields.firstName'), value: (row) => row.first_name },
    { header: t('cohorts.fields.email'), value: (row) => row.email },
    { header: t('cohorts.fields.phone'), value: (row) => row.phone },
    { header: t('promotions.title'), value: (row) => row.promotions.join(', ') },
  ];

  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={t('cohorts.eyebrow')}
        title={t(`${n}.title`)}
        actions={
          <>
            <button
              type="button"
              className="button button--ghost"
              aria-expanded={importing}
              onClick={() => setImporting(!importing)}
            >
              <Upload size={16} aria-hidden="true" />
              {t('imports.action')}
            </button>
            <Link to={`${base(kind)}/add`} className="button button--primary">
              <Plus size={16} aria-hidden="true" />
              {t(`${n}.add`)}
            </Link>
          </>
        }
      />
      {importing && <ImportPanel kind={kind} />}
      <DataTable
        caption={t(`${n}.title`)}
        columns={columns}
        answer={data}
        isLoading={isLoading}
        state={state}
        onStateChange={setState}
        emptyMessage={t(`${n}.empty`)}
        archivable
        actions={
          <ExportButton
            path={peoplePath(kind)}
            state={state}
            columns={csvColumns}
            filename={`${kind}s.csv`}
          />
        }
      />
      {stepUpDialog}
    </div>
  );
}

/** `/students/:id` and `/teachers/:id`: the person, their promotions and groups or subjects. */
export function PersonDetailPage({ kind }: { kind: PersonKind }) {
  const { t } = useTranslation();
  const n = ns(kind);
  const id = Number(useParams().id);
  const { data, error } = usePerson(kind, id);
  usePageTitle(data ? fullName(data) : t(`${n}.title`));
  const [stepUpDialog, editWithStepUp] = useStepUpEdit(base(kind));
  if (error)
    return <p className="container page cohort-page notice notice--error">{error.message}</p>;
  if (!data) return <p className="container page cohort-page cohort-muted">{t('app.loading')}</p>;
  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={t(`roles.${data.role}`)}
        title={fullName(data)}
        back={{ to: base(kind), label: t(`${n}.title`) }}
        actions={
          <>
            {kind === 'teacher' && (
              <Link to={`/teacher-subject/${data.id}`} className="button button--ghost">
                <BookOpen size={16} aria-hidden="true" />
                {t('teachers.subjects')}
              </Link>
            )}
            {data.can.update && (
              <button
                type="button"
                className="button button--primary"
                onClick={() => editWithStepUp(data.id)}
              >
                <Pencil size={16} aria-hidden="true" />
                {t('cohorts.edit')}
              </button>
            )}
            <RowActions
              area="cohorts"
              name={fullName(data)}
              can={{ ...data.can, update: false }}
              archived={data.archived_at !== null}
              apiPath={`${peoplePath(kind)}/${data.id}`}
              invalidate={[[kind]]}
            />
          </>
        }
      />
      <dl className="cohort-facts">
        <div>
          <dt>{t('cohorts.fields.email')}</dt>
          <dd>{data.email}</dd>
        </div>
        <div>
          <dt>{t('cohorts.fields.phone')}</dt>
          <dd>{data.phone ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('cohorts.fields.gender')}</dt>
          <dd>{data.gender ? t(`cohorts.gender.${data.gender}`) : '—'}</dd>
        </div>
        <div>
          <dt>{t('cohorts.fields.status')}</dt>
          <dd>
            {data.archived_at
              ? t('cohorts.archivedBadge')
              : data.email_verified_at
                ? t('cohorts.active')
                : t('cohorts.invited')}
          </dd>
        </div>
      </dl>
      <div className="cohort-sections">
        <section className="card cohort-section">
          <h2>{t('cohorts.fields.promotions')}</h2>
          {data.promotions.length === 0 ? (
            <p className="cohort-empty">{t('promotions.empty')}</p>
          ) : (
            <ul className="cohort-list">
              {data.promotions.map((promotion) => (
                <li key={promotion.id}>
                  <Link
                    to={`/${promotion.program_id}/promotions/${promotion.id}`}
                    className="cohort-link"
                  >
                    {promotion.name}
                  </Link>
                  <span className="cohort-muted">
                    {promotion.academic_year} · {promotion.level}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {kind === 'student' ? (
          <section className="card cohort-section">
            <div className="cohort-section__head">
              <h2>{t('groups.title')}</h2>
              {data.promotions[0] && (
                <Link
                  to={`/${data.promotions[0].id}/student-group/${data.id}`}
                  className="button button--ghost button--small"
                >
                  <UsersRound size={16} aria-hidden="true" />
                  {t('students.manageGroups')}
                </Link>
              )}
            </div>
            {data.groups.length === 0 ? (
              <p className="cohort-empty">{t('groups.empty')}</p>
            ) : (
              <ul className="cohort-list">
                {data.groups.map((group) => (
                  <li key={group.id}>
                    <Link to={`/${group.promotion_id}/groups/${group.id}`} className="cohort-link">
                      {group.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : (
          <section className="card cohort-section">
            <h2>{t('teachers.subjects')}</h2>
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
        )}
      </div>
      {stepUpDialog}
    </div>
  );
}
