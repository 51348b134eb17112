import type { GradeGrid, GradeGridRow } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ClipboardPen, FileCheck, Save, Send } from 'lucide-react';
import {
  type Dispatch,
  type KeyboardEvent,
  memo,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { type Blocker, Link, useBlocker, useParams } from 'react-router';
import {
  conflictsOf,
  gradeGridKey,
  publishResults,
  saveGrades,
  useGradeGrid,
} from '../../api/results.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { ApiError } from '../../lib/http.ts';
import { studentLabel } from '../../lib/people.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { SelectField } from '../../ui/fields.tsx';
import { Notice } from '../../ui/notice.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { formatGrade, formatWhen } from './format.ts';
import {
  type Cell,
  changedEntries,
  emptyGrid,
  type GridAction,
  gridReducer,
  isDirty,
  parseGrade,
} from './grid-state.ts';
import { MarkDialog } from './mark-dialog.tsx';
import '../../ui/cohorts.css';
import '../../ui/management.css';
import './results.css';

/** The grid's cells in keyboard order: grade, absent, comment. */
const COLUMNS = 3;

/**
 * Moves the focus with the arrow keys (up/down in the column, left/right across cells; in a text
 * field only from its start or end) and Enter (down). Cells carry `data-row`/`data-col`.
 */
function useGridKeys(table: React.RefObject<HTMLTableElement | null>, rows: number) {
  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const target = event.target as HTMLInputElement;
      const row = Number(target.dataset.row);
      const col = Number(target.dataset.col);
      if (Number.isNaN(row) || Number.isNaN(col) || target.dataset.row === undefined) return;
      const text = target.type === 'text';
      const atStart = !text || (target.selectionStart === 0 && target.selectionEnd === 0);
      const atEnd = !text || target.selectionStart === target.value.length;
      let next: [number, number] | null = null;
      switch (event.key) {
        case 'ArrowUp':
          next = [row - 1, col];
          break;
        case 'ArrowDown':
        case 'Enter':
          next = [row + 1, col];
          break;
        case 'ArrowLeft':
          if (atStart) next = col > 0 ? [row, col - 1] : [row - 1, COLUMNS - 1];
          break;
        case 'ArrowRight':
          if (atEnd) next = col < COLUMNS - 1 ? [row, col + 1] : [row + 1, 0];
          break;
      }
      if (!next) return;
      const [r, c] = next;
      if (r < 0 || r >= rows) {
        if (event.key === 'Enter') event.preventDefault();
        return;
      }
      const cell = table.current?.querySelector<HTMLInputElement>(
        `[data-row="${r}"][data-col="${c}"]`,
      );
      if (!cell) return;
      event.preventDefault();
      cell.focus();
      if (cell.type === 'text') cell.select();
    },
    [table, rows],
  );
}

type Status = 'conflict' | 'error' | 'changed' | 'quiz' | 'published' | 'saved' | 'pending';

function statusOf(cell: Cell): Status {
  if (cell.conflict) return 'conflict';
  if (cell.errors.grade || cell.errors.comment) return 'error';
  if (cell.fromQuiz) return 'quiz';
  if (isDirty(cell)) return 'changed';
  if (cell.base.grade === null && !cell.base.absent) return 'pending';
  return cell.published ? 'published' : 'saved';
}

interface RowProps {
  index: number;
  row: GradeGridRow;
  cell: Cell;
  scale: number;
  timeZone: string;
  /** A blind-marked project: the student is their participant number (decision 196). */
  blind: boolean;
  dispatch: Dispatch<GridAction>;
  onMark: (row: GradeGridRow) => void;
}

/** One student's line; re-renders only when its own cell changes (React.memo). */
const GradeRow = memo(function GradeRow({
  index,
  row,
  cell,
  scale,
  timeZone,
  blind,
  dispatch,
  onMark,
}: RowProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const name = studentLabel(row.student, blind, t);
  const status = statusOf(cell);
  const grade = cell.absent ? null : parseGrade(cell.grade);
  const onTwenty =
    grade !== null && !Number.isNaN(grade) && scale !== 20
      ? formatGrade((grade / scale) * 20, i18n.language)
      : null;
  const quiz = row.quiz;
  return (
    <tr className={`grade-row grade-row--${status}`}>
      <td>
        <input
          type="checkbox"
          checked={cell.selected}
          onChange={(event) =>
            dispatch({ type: 'select', studentId: cell.studentId, value: event.target.checked })
          }
          aria-label={t('results.grid.selectStudent', { name })}
        />
      </td>
      <th scope="row" className="grade-row__who">
        {row.result ? (
          <Link to={`/results/${row.result.id}`} className="grade-row__name">
            {name}
          </Link>
        ) : (
          <span className="grade-row__name">{name}</span>
        )}
        <span className="grade-row__muted grade-row__email">{row.student.email}</span>
      </th>
      <td className="grade-row__grade">
        <div className="grade-cell">
          <input
            id={`${id}-grade`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            className={`grade-cell__input${cell.errors.grade ? ' is-invalid' : ''}`}
            value={cell.grade}
            placeholder={cell.absent ? t('results.grid.absentShort') : undefined}
            data-row={index}
            data-col={0}
            aria-label={t('results.grid.gradeOf', { name, scale })}
            aria-invalid={cell.errors.grade ? true : undefined}
            aria-describedby={cell.errors.grade ? `${id}-grade-error` : undefined}
            onChange={(event) =>
              dispatch({ type: 'grade', studentId: cell.studentId, value: event.target.value })
            }
          />
          <span className="grade-row__muted">/{scale}</span>
          {onTwenty !== null && <span className="grade-row__muted">≈ {onTwenty}/20</span>}
        </div>
        {cell.fromQuiz && (
          <span className="grade-badge grade-badge--quiz">{t('results.grid.fromQuiz')}</span>
        )}
        {cell.errors.grade && (
          <span id={`${id}-grade-error`} className="grade-cell__error" role="alert">
            {cell.errors.grade}
          </span>
        )}
      </td>
      <td>
        <input
          type="checkbox"
          checked={cell.absent}
          data-row={index}
          data-col={1}
          aria-label={t('results.grid.absentOf', { name })}
          onChange={(event) =>
            dispatch({ type: 'absent', studentId: cell.studentId, value: event.target.checked })
          }
        />
      </td>
      <td>
        <input
          type="text"
          className={`grade-cell__comment${cell.errors.comment ? ' is-invalid' : ''}`}
          value={cell.comment}
          data-row={index}
          data-col={2}
          maxLength={2000}
          aria-label={t('results.grid.commentOf', { name })}
          onChange={(event) =>
            dispatch({ type: 'comment', studentId: cell.studentId, value: event.target.value })
          }
        />
        {cell.errors.comment && (
          <span className="grade-cell__error" role="alert">
            {cell.errors.comment}
          </span>
        )}
      </td>
      <td className="grade-row__status">
        <span className={`grade-badge grade-badge--${status}`}>
          {t(`results.status.${status}`)}
        </span>
        {cell.conflict && (
          <div className="grade-conflict" role="alert">
            <span>
              {t('results.grid.changedBy', {
                name: cell.conflict.changed_by_name ?? t('results.someone'),
                when: formatWhen(cell.conflict.changed_at, i18n.language, timeZone),
                value: cell.conflict.absent
                  ? t('results.absent')
                  : cell.conflict.grade === null
                    ? t('results.pending')
                    : formatGrade(cell.conflict.grade, i18n.language),
              })}
            </span>
            <span className="grade-conflict__actions">
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => dispatch({ type: 'takeTheirs', studentId: cell.studentId })}
              >
                {t('results.grid.takeTheirs')}
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => dispatch({ type: 'keepMine', studentId: cell.studentId })}
              >
                {t('results.grid.keepMine')}
              </button>
            </span>
          </div>
        )}
      </td>
      <td>
        {quiz && quiz.open_answers.length > 0 && (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => onMark(row)}
          >
            <ClipboardPen size={14} aria-hidden="true" />
            {quiz.to_mark > 0
              ? t('results.grid.toMark', { count: quiz.to_mark })
              : t('results.grid.marks')}
          </button>
        )}
      </td>
    </tr>
  );
});

/** The server's per-line messages (`results.<i>.<field>`) by student, from the batch sent. */
function lineErrors(error: ApiError, sent: number[]): Record<number, Cell['errors']> {
  const byStudent: Record<number, Cell['errors']> = {};
  for (const [key, messages] of Object.entries(error.errors ?? {})) {
    const match = /^results\.(\d+)\.(\w+)$/.exec(key);
    if (!match) continue;
    const studentId = sent[Number(match[1])];
    if (studentId === undefined || match[2] === 'version') continue;
    const field = match[2] === 'comment' ? 'comment' : 'grade';
    byStudent[studentId] = { ...byStudent[studentId], [field]: messages.join(' ') };
  }
  return byStudent;
}

/** `/:id/results/add`: the keyboard-first grade grid of an evaluation. */
export function GradeGridPage() {
  const { t, i18n } = useTranslation();
  const evaluationId = Number(useParams().id) || 0;
  const [groupId, setGroupId] = useState<number | null>(null);
  const grid = useGradeGrid(evaluationId, groupId);
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(gridReducer, emptyGrid);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [marking, setMarking] = useState<GradeGridRow | null>(null);
  const table = useRef<HTMLTableElement>(null);
  usePageTitle(grid.data?.evaluation.title ?? t('results.grid.title'));

  useEffect(() => {
    if (grid.data) dispatch({ type: 'load', grid: grid.data, language: i18n.language });
  }, [grid.data, i18n.language]);

  const cells = state.order.map((id) => state.cells[id]!);
  const changes = useMemo(() => changedEntries(state), [state]);
  const unsaved = cells.some((cell) => isDirty(cell) && !cell.fromQuiz);
  const selected = cells.filter((cell) => cell.selected).map((cell) => cell.studentId);

  // Leaving with unsaved grades asks first.
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  // …and so does leaving it for another screen of the app.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && currentLocation.pathname !== nextLocation.pathname,
  );

  const onKeyDown = useGridKeys(table, state.order.length);
  const onMark = useCallback((row: GradeGridRow) => setMarking(row), []);

  const refresh = (next: GradeGrid) => {
    queryClient.setQueryData(gradeGridKey(evaluationId, groupId), next);
  };

  const save = async () => {
    const invalid = changes.filter((entry) => Number.isNaN(entry.grade));
    if (invalid.length > 0) {
      dispatch({
        type: 'errors',
        errors: Object.fromEntries(
          invalid.map((entry) => [entry.student_id, { grade: t('results.grid.notANumber') }]),
        ),
      });
      return;
    }
    setSaving(true);
    setNotice(null);
    try {
      refresh(await saveGrades(evaluationId, groupId, changes));
      setNotice({ kind: 'success', text: t('results.grid.saved', { count: changes.length }) });
    } catch (error) {
      const sent = changes.map((entry) => entry.student_id);
      if (error instanceof ApiError && error.status === 422)
        dispatch({ type: 'errors', errors: lineErrors(error, sent) });
      const conflicts = conflictsOf(error);
      if (conflicts.length > 0) dispatch({ type: 'conflicts', conflicts });
      setNotice({ kind: 'error', text: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  const publish = async () => {
    try {
      const answer = await publishResults(evaluationId, selected.length > 0 ? selected : undefined);
      setNotice({ kind: 'success', text: t('results.publish.done', { count: answer.published }) });
      await queryClient.invalidateQueries({ queryKey: ['evaluation', evaluationId, 'results'] });
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error) });
    }
  };

  if (grid.error && !grid.data) {
    return (
      <div className="container page cohort-page">
        <PageHeader eyebrow={t('results.eyebrow')} title={t('results.grid.title')} />
        <Notice kind="error">{errorMessage(grid.error, t('results.notFound'))}</Notice>
      </div>
    );
  }
  if (!grid.data) return <p className="container page cohort-muted">{t('app.loading')}</p>;
  const { evaluation, groups } = grid.data;
  const rows = grid.data.rows;
  const publishable = cells.filter(
    (cell) =>
      !cell.published &&
      (cell.base.grade !== null || cell.base.absent) &&
      (selected.length === 0 || cell.selected),
  ).length;
  const allSelected = cells.length > 0 && selected.length === cells.length;

  return (
    <div className="container page cohort-page grade-page">
      <PageHeader
        eyebrow={`${evaluation.subject.name} · ${evaluation.training.title}`}
        title={evaluation.title}
        back={{
          to: `/${evaluation.subject.id}/evaluations/${evaluation.id}`,
          label: t('results.grid.back'),
        }}
        actions={
          evaluation.type === 'project' && (
            <Link to={`/marking/${evaluation.id}`} className="button button--ghost">
              <FileCheck size={16} aria-hidden="true" />
              {t('results.grid.marking')}
            </Link>
          )
        }
      >
        <p className="grade-page__summary">
          {t('results.grid.summary', {
            promotion: evaluation.promotion.name,
            scale: evaluation.scale,
            percentage: evaluation.percentage,
            graded: evaluation.counts.graded + evaluation.counts.absent,
            students: evaluation.counts.students,
            published: evaluation.counts.published,
          })}
        </p>
      </PageHeader>
      {grid.data.blind && <Notice kind="info">{t('marking.blindNotice')}</Notice>}
      <div className="grade-toolbar">
        <div className="grade-toolbar__group">
          <SelectField
            label={t('results.grid.group')}
            value={groupId ?? ''}
            disabled={unsaved}
            onChange={(event) => setGroupId(event.target.value ? Number(event.target.value) : null)}
          >
            <option value="">{t('results.grid.wholePromotion')}</option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="grade-toolbar__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={saving || changes.length === 0}
            onClick={() => void save()}
          >
            <Save size={16} aria-hidden="true" />
            {changes.length > 0
              ? t('results.grid.saveCount', { count: changes.length })
              : t('results.grid.save')}
          </button>
          <PublishButton
            count={publishable}
            selection={selected.length > 0}
            disabled={unsaved || publishable === 0}
            onConfirm={publish}
          />
        </div>
      </div>
      {unsaved && <p className="grade-page__hint">{t('results.grid.unsavedHint')}</p>}
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <div className="grade-table">
        <table ref={table} onKeyDown={onKeyDown}>
          <caption className="sr-only">
            {t('results.grid.caption', { title: evaluation.title })}
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <input
                  type="checkbox"
                  checked={allSelected}
                  onChange={(event) => dispatch({ type: 'selectAll', value: event.target.checked })}
                  aria-label={t('results.grid.selectAll')}
                />
              </th>
              <th scope="col">{t('results.grid.student')}</th>
              <th scope="col">{t('results.grid.grade', { scale: evaluation.scale })}</th>
              <th scope="col">{t('results.grid.absent')}</th>
              <th scope="col">{t('results.grid.comment')}</th>
              <th scope="col">{t('results.grid.status')}</th>
              <th scope="col">
                <span className="sr-only">{t('results.grid.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const cell = state.cells[row.student.id];
              if (!cell) return null;
              return (
                <GradeRow
                  key={row.student.id}
                  index={index}
                  row={row}
                  cell={cell}
                  scale={evaluation.scale}
                  timeZone={evaluation.time_zone}
                  blind={grid.data.blind}
                  dispatch={dispatch}
                  onMark={onMark}
                />
              );
            })}
            {rows.length === 0 && (
              <tr>
                <td colSpan={7} className="grade-table__empty">
                  {t('results.grid.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <LeaveDialog blocker={blocker} />
      {marking?.quiz && (
        <MarkDialog
          name={studentLabel(marking.student, grid.data?.blind ?? false, t)}
          quiz={marking.quiz}
          onClose={() => setMarking(null)}
          onMarked={() =>
            queryClient.invalidateQueries({ queryKey: ['evaluation', evaluationId, 'results'] })
          }
          language={i18n.language}
        />
      )}
    </div>
  );
}

/** "Publish results": a confirmation saying how many lines (all, or the selected ones). */
function PublishButton({
  count,
  selection,
  disabled,
  onConfirm,
}: {
  count: number;
  selection: boolean;
  disabled: boolean;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      trigger={
        <button type="button" className="button button--ghost" disabled={disabled}>
          <Send size={16} aria-hidden="true" />
          {selection ? t('results.publish.selected') : t('results.publish.button')}
        </button>
      }
      question={t('results.publish.question')}
      subject={t('results.publish.explain', { count })}
      confirmLabel={t('results.publish.confirm', { count })}
      onConfirm={onConfirm}
    />
  );
}

/** Asks before leaving the grid with unsaved grades for another screen of the app. */
function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && blocker.reset()}
      question={t('results.leave.question')}
      subject={t('results.leave.explain')}
      cancelLabel={t('results.leave.stay')}
      confirmLabel={t('results.leave.leave')}
      tone="danger"
      onConfirm={() => blocker.proceed()}
    />
  );
}
