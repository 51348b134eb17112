import type { Evaluation, SubmissionRosterRow } from '@skolar/shared';
import { ChevronDown, ChevronRight, Download, FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  submissionsZipUrl,
  useStudentSubmissions,
  useSubmissionRoster,
} from '../../../api/projects.ts';
import { studentLabel } from '../../../lib/people.ts';
import { DialogButton, FormDialog } from '../../../ui/form-dialog.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { ExtensionForm, GroupExtensionForm } from './extension-form.tsx';
import { formatInstant, formatSize } from './format.ts';
import { LateBadge } from './late-badge.tsx';
import '../../../ui/cohorts.css';
import './project.css';

/** One student's versions, loaded when their row is opened. */
function StudentVersions({
  evaluationId,
  studentId,
  timeZone,
}: {
  evaluationId: number;
  studentId: number;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const versions = useStudentSubmissions(evaluationId, studentId, true);
  if (versions.isPending) return <p className="hand-in__muted">{t('projects.loading')}</p>;
  if (versions.isError) return <Notice kind="error">{t('projects.errors.failed')}</Notice>;
  return (
    <ol className="hand-in__versions" aria-label={t('projects.versions')}>
      {versions.data.data.map((version) => (
        <li key={version.id} className="hand-in__version">
          <span className="hand-in__version-head">
            <strong>{t('projects.version', { version: version.version })}</strong>
            <span className="hand-in__muted">
              {formatInstant(version.submitted_at, i18n.language, timeZone)}
            </span>
            <LateBadge minutes={version.late_minutes} />
          </span>
          <span>
            <a href={version.file_link} target="_blank" rel="noopener noreferrer">
              {version.file_name}
            </a>{' '}
            <span className="hand-in__muted">({formatSize(version.size, i18n.language)})</span>
          </span>
          <span className="hand-in__mono">SHA-256 {version.sha256}</span>
        </li>
      ))}
    </ol>
  );
}

/** A student's line: who, their latest hand-in and when, and their versions on demand. */
function RosterRow({
  evaluationId,
  row,
  timeZone,
  blind,
}: {
  evaluationId: number;
  row: SubmissionRosterRow;
  timeZone: string;
  /** A blind-marked project: the student is their participant number (decision 196). */
  blind: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const versionsId = useId();
  const name = studentLabel(row.student, blind, t);
  return (
    <li className={`roster__row${row.latest ? '' : ' roster__row--none'}`}>
      <div className="roster__main">
        <span className="roster__who">
          <strong>{name}</strong>
          {!blind && <span className="hand-in__muted">{row.student.email}</span>}
        </span>
        {row.latest ? (
          <span className="roster__latest">
            <span>
              <FileText size={14} aria-hidden="true" />{' '}
              <a href={row.latest.file_link} target="_blank" rel="noopener noreferrer">
                {row.latest.file_name}
              </a>
            </span>
            <span className="hand-in__muted">
              {formatInstant(row.latest.submitted_at, i18n.language, timeZone)}
            </span>
            <LateBadge minutes={row.latest.late_minutes} />
            <span className="badge">{t('projects.versionCount', { count: row.versions })}</span>
            <button
              type="button"
              className="button button--ghost button--small"
              aria-expanded={open}
              aria-controls={versionsId}
              aria-label={t(open ? 'projects.hideVersions' : 'projects.showVersions', { name })}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? (
                <ChevronDown size={16} aria-hidden="true" />
              ) : (
                <ChevronRight size={16} aria-hidden="true" />
              )}{' '}
              {t('projects.versionsShort')}
            </button>
          </span>
        ) : (
          <span className="badge badge--muted">{t('projects.nothingYet')}</span>
        )}
        <span className="roster__extension">
          {row.extension && (
            <span className="badge" title={row.extension.reason}>
              {t('projects.extension.until', {
                date: formatInstant(row.extension.deadline, i18n.language, timeZone),
              })}
            </span>
          )}
          <FormDialog
            title={t('projects.extension.title', { name })}
            trigger={
              <button type="button" className="button button--ghost button--small">
                {t(row.extension ? 'projects.extension.change' : 'projects.extension.give')}
              </button>
            }
          >
            {(close) => <ExtensionForm evaluationId={evaluationId} row={row} onDone={close} />}
          </FormDialog>
        </span>
      </div>
      {open && row.latest && (
        <div id={versionsId}>
          <StudentVersions
            evaluationId={evaluationId}
            studentId={row.student.id}
            timeZone={timeZone}
          />
        </div>
      )}
    </li>
  );
}

/**
 * Staff panel of a project's page: every student of the promotion, what they handed in last and
 * when (late by how much, until the cut-off, decision 195), how many versions, each student's
 * own deadline (an extension, decision 192, given one by one or to a whole group), each student's
 * versions on demand, and the zip of everyone's latest version.
 */
export function SubmissionsPanel({ evaluation }: { evaluation: Evaluation }) {
  const { t } = useTranslation();
  const titleId = useId();
  const roster = useSubmissionRoster(evaluation.id);
  if (evaluation.type !== 'project') return null;
  const rows = roster.data?.data ?? [];
  const handedIn = rows.filter((row) => row.latest).length;
  return (
    <section className="card cohort-section hand-in" aria-labelledby={titleId}>
      <div className="roster__toolbar">
        <h2 id={titleId}>{t('projects.rosterTitle')}</h2>
        <div className="roster__actions">
          {(roster.data?.groups.length ?? 0) > 0 && (
            <DialogButton label={t('projects.extension.groupTitle')}>
              {(close) => (
                <GroupExtensionForm
                  evaluationId={evaluation.id}
                  groups={roster.data?.groups ?? []}
                  onDone={close}
                />
              )}
            </DialogButton>
          )}
          <a className="button button--ghost" href={submissionsZipUrl(evaluation.id)} download>
            <Download size={16} aria-hidden="true" /> {t('projects.downloadAll')}
          </a>
        </div>
      </div>
      {roster.isPending && <p className="hand-in__muted">{t('projects.loading')}</p>}
      {roster.isError && <Notice kind="error">{t('projects.errors.failed')}</Notice>}
      {roster.isSuccess && (
        <>
          <p className="hand-in__muted">
            {t('projects.handedInCount', { count: handedIn, total: rows.length })}
          </p>
          {rows.length === 0 ? (
            <p className="hand-in__muted">{t('projects.noStudent')}</p>
          ) : (
            <ul className="hand-in__versions" aria-label={t('projects.rosterTitle')}>
              {rows.map((row) => (
                <RosterRow
                  key={row.student.id}
                  evaluationId={evaluation.id}
                  row={row}
                  timeZone={evaluation.time_zone}
                  blind={roster.data.blind}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
