import {
  formatAverage,
  type GradebookImportReport,
  type Gradebook as GradebookWire,
} from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileUp, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  dryRunGradebookImport,
  gradebookCsvUrl,
  runGradebookImport,
  useGradebook,
} from '../../api/gradebook.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { ApiError } from '../../lib/http.ts';
import { CSV_FILES, FilePicker, MAX_BYTES } from '../../ui/file-picker.tsx';
import { ImportReportView } from '../../ui/import-report.tsx';
import { toastError } from '../../ui/toast-error.ts';
import '../../ui/cohorts.css';
import './gradebook.css';

type Cell = GradebookWire['students'][number]['cells'][number];

/** A cell as the table shows it: the grade, "abs", or a dash while pending; unpublished marked. */
function GradeCell({ cell, locale }: { cell: Cell; locale: string }) {
  const { t } = useTranslation();
  const text =
    cell.status === 'absent'
      ? t('gradebook.abs')
      : cell.status === 'pending'
        ? '—'
        : formatAverage(cell.grade, locale);
  return (
    <td className={cell.status !== 'pending' && !cell.published ? 'gradebook__unpublished' : ''}>
      {text}
      {cell.status === 'pending' && <span className="sr-only">{t('gradebook.pending')}</span>}
      {cell.status !== 'pending' && !cell.published && (
        <span className="sr-only"> ({t('gradebook.unpublished')})</span>
      )}
    </td>
  );
}

/** The import: pick a CSV, see the check of every line (nothing written), then confirm. */
function GradebookImport({ promotionId }: { promotionId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [file, setFile] = useState<{ source: File; name: string; content: string } | null>(null);
  const [report, setReport] = useState<GradebookImportReport | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async (picked: { name: string; content: string }) => {
    setBusy(true);
    try {
      setReport(
        await dryRunGradebookImport(promotionId, {
          file_name: picked.name,
          content: picked.content,
        }),
      );
    } catch (error) {
      setReport(null);
      toastError(error, t('gradebook.failed'));
    } finally {
      setBusy(false);
    }
  };

  const choose = async (picked: File | null) => {
    setReport(null);
    if (!picked) return setFile(null);
    const loaded = { source: picked, name: picked.name, content: await picked.text() };
    setFile(loaded);
    await check(loaded);
  };

  const commit = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const done = await runGradebookImport(promotionId, {
        file_name: file.name,
        content: file.content,
      });
      toast.success(t('gradebook.imported', { count: done.changes }));
      setFile(null);
      setReport(null);
      await client.invalidateQueries({ queryKey: ['gradebook', promotionId] });
    } catch (error) {
      // Someone changed a grade meanwhile, or a line went wrong: show the file's state again.
      if (error instanceof ApiError && (error.status === 422 || error.status === 409))
        await check(file);
      toastError(error, t('gradebook.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <FilePicker
        label={t('gradebook.import')}
        hint={t('gradebook.importHint')}
        accept={CSV_FILES}
        maxSize={MAX_BYTES.csv}
        file={file?.source ?? null}
        onRemove={() => void choose(null)}
        disabled={busy}
        onFile={(picked) => void choose(picked)}
      />
      {file && report && (
        <div className="gradebook__import">
          <p className="cohort-muted">{t('gradebook.checked', { name: file.name })}</p>
          <ImportReportView
            counts={[
              {
                key: 'update',
                text: t('gradebook.counts.update', { count: report.counts.update }),
                ...(report.counts.update ? { tone: 'success' as const } : {}),
              },
              {
                key: 'unchanged',
                text: t('gradebook.counts.unchanged', { count: report.counts.unchanged }),
              },
              {
                key: 'error',
                text: t('gradebook.counts.error', { count: report.counts.error }),
                ...(report.counts.error ? { tone: 'danger' as const } : {}),
              },
            ]}
            labelHeader={t('gradebook.student')}
            lines={report.lines.map((line) => ({
              line: line.line,
              label:
                Object.entries(line.values).find(([header]) => /mail/i.test(header))?.[1] ??
                Object.values(line.values)[0] ??
                '',
              result: t(`gradebook.action.${line.action}`),
              isError: line.action === 'error',
              errors: Object.entries(line.errors).map(([field, messages]) => ({
                field,
                label: field,
                messages,
              })),
            }))}
          />
          <div className="cohort-form__actions">
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => {
                setFile(null);
                setReport(null);
              }}
            >
              <X size={16} aria-hidden="true" />
              {t('gradebook.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={busy || report.counts.error > 0 || report.changes === 0}
              onClick={() => void commit()}
            >
              <FileUp size={16} aria-hidden="true" />
              {t('gradebook.confirm', { count: report.changes })}
            </button>
          </div>
        </div>
      )}
    </>
  );
}

/**
 * The gradebook of a promotion on its page (staff): students × evaluations with the subject and
 * overall averages, a CSV export and an import back with a checked preview.
 */
export function GradebookSection({ promotionId }: { promotionId: number }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { data, error } = useGradebook(promotionId);
  const locale = i18n.language;
  const average = (value: number | null) => formatAverage(value, locale);
  return (
    <section className="card cohort-section gradebook" aria-labelledby={titleId}>
      <div className="cohort-section__head">
        <h2 id={titleId}>{t('gradebook.title')}</h2>
        <a
          href={gradebookCsvUrl(promotionId, locale)}
          className="button button--ghost button--small"
          download
        >
          <Download size={16} aria-hidden="true" />
          {t('gradebook.export')}
        </a>
      </div>
      <p className="cohort-muted">{t('gradebook.basis')}</p>
      {error ? (
        <p className="notice notice--error">{errorMessage(error)}</p>
      ) : !data ? (
        <p className="cohort-muted">{t('app.loading')}</p>
      ) : data.evaluations.length === 0 || data.students.length === 0 ? (
        <p className="cohort-empty">{t('gradebook.empty')}</p>
      ) : (
        <div className="gradebook__scroll">
          <table className="gradebook__table">
            <caption className="sr-only">{t('gradebook.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('gradebook.student')}</th>
                {data.evaluations.map((evaluation) => (
                  <th scope="col" key={evaluation.id}>
                    <span className="gradebook__eval">{evaluation.title}</span>
                    <span className="gradebook__meta">
                      {evaluation.subject.name} · /{evaluation.scale} ·{' '}
                      {t('gradebook.weight', { value: evaluation.percentage })}
                    </span>
                  </th>
                ))}
                {data.subjects.map((subject) => (
                  <th scope="col" key={`s${subject.id}`} className="gradebook__avg">
                    <span className="gradebook__eval">{subject.name}</span>
                    <span className="gradebook__meta">
                      {t('gradebook.subjectAverage', { coefficient: subject.coefficient })}
                    </span>
                  </th>
                ))}
                <th scope="col" className="gradebook__avg">
                  {t('gradebook.overall')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.students.map((student) => (
                <tr key={student.id}>
                  <th scope="row">
                    {student.last_name} {student.first_name}
                  </th>
                  {student.cells.map((cell) => (
                    <GradeCell key={cell.evaluation_id} cell={cell} locale={locale} />
                  ))}
                  {student.subjects.map((subject) => (
                    <td key={`s${subject.id}`} className="gradebook__avg">
                      {average(subject.average)}
                    </td>
                  ))}
                  <td className="gradebook__avg gradebook__overall">{average(student.average)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="cohort-muted gradebook__legend">{t('gradebook.legend')}</p>
      <GradebookImport promotionId={promotionId} />
    </section>
  );
}
