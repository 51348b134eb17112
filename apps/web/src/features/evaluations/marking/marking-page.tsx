import type { MarkingEntry, MarkingQueue } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Eye, Send } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { markingKey, useMarkingQueue } from '../../../api/marking.ts';
import { useStudentSubmissions } from '../../../api/projects.ts';
import { publishResults, revealStudents } from '../../../api/results.ts';
import { formatDelay, formatFileSize, formatInstant } from '../../../lib/format.ts';
import { studentLabel } from '../../../lib/people.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { DialogButton } from '../../../ui/form-dialog.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { PageError } from '../../../ui/page-error.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { toastError } from '../../../ui/toast-error.ts';
import { Agreement } from './agreement.tsx';
import { AnnotatedFile } from './annotated-file.tsx';
import { RubricEditor } from './rubric-editor.tsx';
import { SheetForm } from './sheet-form.tsx';
import './marking.css';

type Filter = 'all' | 'not_marked' | 'late' | 'marked';

const matches = (entry: MarkingEntry, filter: Filter, groupId: number | null) =>
  (groupId === null || entry.group_ids.includes(groupId)) &&
  (filter === 'all' ||
    (filter === 'not_marked' &&
      (entry.state === 'not_marked' ||
        entry.state === 'in_marking' ||
        entry.state === 'ready_for_agreement')) ||
    (filter === 'late' && (entry.latest?.late_minutes ?? 0) > 0) ||
    (filter === 'marked' && (entry.state === 'marked' || entry.state === 'released')));

/** The hand-in beside the sheet: the version chosen (the latest first), its receipt, its file. */
function HandIn({ queue, entry }: { queue: MarkingQueue; entry: MarkingEntry }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const versions = useStudentSubmissions(
    queue.evaluation.id,
    entry.student.id,
    entry.latest !== null,
  );
  const [chosen, setChosen] = useState<number | null>(null);
  if (!entry.latest)
    return (
      <div className="marking-hand-in marking-hand-in--empty">
        <p>{t('marking.noHandIn')}</p>
      </div>
    );
  const list = versions.data?.data ?? [];
  const shown = list.find((version) => version.id === chosen) ?? list[0] ?? { ...entry.latest };
  return (
    <div className="marking-hand-in">
      <div className="marking-hand-in__bar">
        <div className="field marking-hand-in__versions">
          <label className="field__label" htmlFor={`${id}-version`}>
            {t('marking.version')}
          </label>
          <select
            id={`${id}-version`}
            className="field__input"
            value={shown.id}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {(list.length > 0 ? list : [entry.latest]).map((version) => (
              <option key={version.id} value={version.id}>
                {t('marking.versionOption', {
                  version: version.version,
                  date: formatInstant(version.submitted_at, i18n.language),
                })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="marking-receipt">
        <span>{shown.file_name}</span>
        <span>{formatFileSize(shown.size, i18n.language)}</span>
        {shown.id === entry.latest.id && entry.latest.late_minutes > 0 && (
          <span className="marking-badge marking-badge--late">
            {t('marking.late', { delay: formatDelay(entry.latest.late_minutes, i18n.language) })}
          </span>
        )}
        <span className="marking-receipt__hash">SHA-256 {shown.sha256}</span>
      </p>
      <AnnotatedFile key={shown.id} file={shown} editable />
    </div>
  );
}

/**
 * The marking screen of an evaluation (decision 193): one student at a time, their hand-in in the
 * page beside the rubric and the comment; the previous and next student of the filtered list by
 * the buttons or Alt+Page Up / Alt+Page Down, Ctrl+Enter saving and moving on.
 */
export function MarkingPage() {
  const { t } = useTranslation();
  const id = useId();
  const evaluationId = Number(useParams().evaluationId);
  const queryClient = useQueryClient();
  const query = useMarkingQueue(evaluationId);
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<Filter>('all');
  const [groupId, setGroupId] = useState<number | null>(null);
  usePageTitle(
    query.data
      ? t('marking.pageTitle', { title: query.data.evaluation.title })
      : t('marking.title'),
  );
  const queue = query.data;
  const visible = useMemo(
    () => (queue?.students ?? []).filter((entry) => matches(entry, filter, groupId)),
    [queue, filter, groupId],
  );
  const wanted = Number(params.get('student'));
  const index = Math.max(
    0,
    visible.findIndex((entry) => entry.student.id === wanted),
  );
  const entry = visible[index] ?? null;
  const go = (to: number) => {
    const target = visible[to];
    if (target) setParams({ student: String(target.student.id) }, { replace: true });
  };
  const previous = index > 0 ? () => go(index - 1) : null;
  const next = index < visible.length - 1 ? () => go(index + 1) : null;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey) return;
      if (event.key === 'PageDown' && next) {
        event.preventDefault();
        next();
      } else if (event.key === 'PageUp' && previous) {
        event.preventDefault();
        previous();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [next, previous]);

  if (query.isError) return <PageError message={t('marking.errors.load')} />;
  if (!queue)
    return (
      <section className="page marking-page" aria-busy="true">
        <Skeleton width="40%" height="2rem" />
        <Skeleton width="100%" height="24rem" shape="block" />
      </section>
    );
  const counts = {
    marked: queue.students.filter((row) => row.state === 'marked' || row.state === 'released')
      .length,
    total: queue.students.length,
  };
  // The marked lines not yet published: the screen's publish step, as the grid's.
  const toRelease = queue.students.filter((row) => row.state === 'marked');
  const name = (row: MarkingEntry) => studentLabel(row.student, queue.blind, t);
  return (
    <section className="page marking-page">
      <PageHeader
        eyebrow={t('marking.eyebrow', { subject: queue.evaluation.subject.name })}
        title={queue.evaluation.title}
        back={{
          to: `/${queue.evaluation.subject.id}/evaluations/${queue.evaluation.id}`,
          label: t('marking.back'),
        }}
        actions={
          <>
            {toRelease.length > 0 && (
              <ConfirmDialog
                trigger={
                  <button type="button" className="button button--ghost">
                    <Send size={16} aria-hidden="true" />
                    {t('marking.publishAll', { count: toRelease.length })}
                  </button>
                }
                question={t('marking.publishAllQuestion')}
                subject={t('marking.publishAllExplain', { count: toRelease.length })}
                onConfirm={async () => {
                  try {
                    await publishResults(
                      queue.evaluation.id,
                      toRelease.map((row) => row.student.id),
                    );
                  } catch (error) {
                    toastError(error);
                  }
                  await queryClient.invalidateQueries({ queryKey: markingKey(evaluationId) });
                }}
              />
            )}
            {queue.blind && (
              <ConfirmDialog
                trigger={
                  <button type="button" className="button button--ghost">
                    <Eye size={16} aria-hidden="true" />
                    {t('marking.reveal')}
                  </button>
                }
                question={t('marking.revealConfirm')}
                onConfirm={async () => {
                  try {
                    await revealStudents(queue.evaluation.id);
                    toast.success(t('marking.revealed'));
                  } catch (error) {
                    toastError(error);
                  }
                  await queryClient.invalidateQueries({ queryKey: markingKey(evaluationId) });
                }}
              />
            )}
            <DialogButton
              label={queue.rubric ? t('marking.editRubric') : t('marking.addRubric')}
              wide
            >
              {(close) => (
                <RubricEditor
                  evaluationId={queue.evaluation.id}
                  subjectId={queue.evaluation.subject.id}
                  rubric={queue.rubric}
                  onDone={close}
                />
              )}
            </DialogButton>
          </>
        }
      >
        <p className="marking-muted">
          {t('marking.progress', { count: counts.marked, total: counts.total })}
        </p>
      </PageHeader>
      {queue.blind && <Notice kind="info">{t('marking.blindNotice')}</Notice>}
      <div className="marking-toolbar">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-filter`}>
            {t('marking.filter')}
          </label>
          <select
            id={`${id}-filter`}
            className="field__input"
            value={filter}
            onChange={(event) => setFilter(event.target.value as Filter)}
          >
            {(['all', 'not_marked', 'late', 'marked'] as const).map((value) => (
              <option key={value} value={value}>
                {t(`marking.filters.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {queue.groups.length > 0 && (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-group`}>
              {t('marking.group')}
            </label>
            <select
              id={`${id}-group`}
              className="field__input"
              value={groupId ?? ''}
              onChange={(event) =>
                setGroupId(event.target.value === '' ? null : Number(event.target.value))
              }
            >
              <option value="">{t('marking.allGroups')}</option>
              {queue.groups.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <nav className="marking-nav" aria-label={t('marking.students')}>
          <button
            type="button"
            className="button button--ghost button--icon"
            aria-label={t('marking.previous')}
            aria-keyshortcuts="Alt+PageUp"
            disabled={!previous}
            onClick={() => previous?.()}
          >
            <ChevronLeft aria-hidden size={18} />
          </button>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-student`}>
              {t('marking.student', {
                n: visible.length === 0 ? 0 : index + 1,
                total: visible.length,
              })}
            </label>
            <select
              id={`${id}-student`}
              className="field__input"
              value={entry?.student.id ?? ''}
              onChange={(event) => setParams({ student: event.target.value }, { replace: true })}
            >
              {visible.map((row) => (
                <option key={row.student.id} value={row.student.id}>
                  {`${name(row)} — ${t(`marking.states.${row.state}`)}`}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button button--ghost button--icon"
            aria-label={t('marking.next')}
            aria-keyshortcuts="Alt+PageDown"
            disabled={!next}
            onClick={() => next?.()}
          >
            <ChevronRight aria-hidden size={18} />
          </button>
        </nav>
      </div>
      <p className="marking-muted marking-keys">{t('marking.keys')}</p>
      {!entry ? (
        <Notice kind="info">{t('marking.nobody')}</Notice>
      ) : (
        <div className="marking-layout">
          <HandIn key={entry.student.id} queue={queue} entry={entry} />
          <aside className="marking-panel card" aria-labelledby={`${id}-who`}>
            <h2 id={`${id}-who`} className="marking-panel__who">
              {name(entry)}
              <span className={`marking-badge marking-badge--${entry.state}`}>
                {t(`marking.states.${entry.state}`)}
              </span>
            </h2>
            {!queue.rubric && <Notice kind="info">{t('marking.noRubric')}</Notice>}
            <SheetForm
              key={`${entry.student.id}-${queue.rubric?.version ?? 0}`}
              queue={queue}
              entry={entry}
              onNext={next}
              onSaved={(fresh) =>
                fresh
                  ? queryClient.setQueryData(markingKey(evaluationId), fresh)
                  : void queryClient.invalidateQueries({ queryKey: markingKey(evaluationId) })
              }
            />
            {queue.evaluation.second_marking && (
              <Agreement
                key={`${entry.student.id}-${entry.state}-${entry.result?.version ?? 0}`}
                queue={queue}
                entry={entry}
                onSaved={(fresh) => queryClient.setQueryData(markingKey(evaluationId), fresh)}
              />
            )}
          </aside>
        </div>
      )}
    </section>
  );
}
