import {
  guessMapping,
  IMPORT_FIELDS,
  type ImportField,
  type ImportReport,
  type ImportRun,
} from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileUp, ListChecks } from 'lucide-react';
import Papa from 'papaparse';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatInstant } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { CSV_FILES, FilePicker, MAX_BYTES } from '../../ui/file-picker.tsx';
import { ImportReportView } from '../../ui/import-report.tsx';
import { StepUpDialog } from '../../ui/step-up-dialog.tsx';
import { toastError } from '../../ui/toast-error.ts';
import { dryRunImport, runImport, useImportHistory } from './api.ts';
import '../../ui/cohorts.css';

interface Loaded {
  source: File;
  name: string;
  content: string;
  headers: string[];
  sample: Record<string, string>[];
}

/**
 * The 'Import' action of /students and /teachers: pick a CSV, check the column mapping on a
 * preview, dry-run it (every line's errors), then import it (in batches; updating people who
 * exist asks for the admin's password first, as their edit form does).
 */
export function ImportPanel({ kind }: { kind: 'student' | 'teacher' }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const fileId = useId();
  const [file, setFile] = useState<Loaded | null>(null);
  const [mapping, setMapping] = useState<Partial<Record<ImportField, string>>>({});
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [refused, setRefused] = useState<ImportRun['refused']>([]);
  const history = useImportHistory(kind);

  const load = async (picked: File | null) => {
    setReport(null);
    setFileError(null);
    setRefused([]);
    if (!picked) return setFile(null);
    const content = await picked.text();
    const parsed = Papa.parse<Record<string, string>>(content.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: 'greedy',
      preview: 5,
      transformHeader: (header) => header.trim(),
    });
    const headers = (parsed.meta.fields ?? []).filter(Boolean);
    if (headers.length === 0) {
      setFile(null);
      setFileError(t('imports.badFile'));
      return;
    }
    setFile({ source: picked, name: picked.name, content, headers, sample: parsed.data });
    setMapping(guessMapping(headers));
  };

  const body = () => ({ kind, file_name: file!.name, content: file!.content, mapping });

  const check = async () => {
    setBusy(true);
    try {
      setReport(await dryRunImport(body()));
    } catch (error) {
      toastError(error, t('cohorts.failed'));
    } finally {
      setBusy(false);
    }
  };

  const commit = async (stepUpToken?: string) => {
    setBusy(true);
    try {
      const done = await runImport(body(), stepUpToken);
      toast.success(
        t('imports.done', { created: done.created, updated: done.updated, invited: done.invited }),
      );
      setFile(null);
      setReport(null);
      setRefused(done.refused);
      await Promise.all([
        client.invalidateQueries({ queryKey: [kind] }),
        client.invalidateQueries({ queryKey: ['imports', kind] }),
        client.invalidateQueries({ queryKey: ['promotion'] }),
      ]);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) await check();
      toastError(error, t('cohorts.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card cohort-section" aria-labelledby={`${fileId}-title`}>
      <div className="cohort-section__head">
        <h2 id={`${fileId}-title`}>{t(`imports.title.${kind}`)}</h2>
      </div>
      <p className="cohort-muted">{t('imports.hint')}</p>
      <FilePicker
        label={t('imports.file')}
        accept={CSV_FILES}
        maxSize={MAX_BYTES.csv}
        file={file?.source ?? null}
        onRemove={() => void load(null)}
        error={fileError}
        disabled={busy}
        onFile={(picked) => void load(picked)}
      />

      {file && (
        <>
          <fieldset className="cohort-form__grid import-mapping">
            <legend className="field__label">{t('imports.mapping')}</legend>
            {IMPORT_FIELDS.map((field) => (
              <div className="field" key={field}>
                <label htmlFor={`${fileId}-${field}`} className="field__label">
                  {t(`imports.fields.${field}`)}
                </label>
                <select
                  id={`${fileId}-${field}`}
                  className="field__input"
                  value={mapping[field] ?? ''}
                  onChange={(event) => {
                    setReport(null);
                    setMapping({ ...mapping, [field]: event.target.value || undefined });
                  }}
                >
                  <option value="">{t('imports.ignored')}</option>
                  {file.headers.map((header) => (
                    <option key={header} value={header}>
                      {header}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </fieldset>

          {!report && (
            <div className="cohort-preview">
              <table>
                <caption className="cohort-muted">{t('imports.preview')}</caption>
                <thead>
                  <tr>
                    {IMPORT_FIELDS.map((field) => (
                      <th key={field} scope="col">
                        {t(`imports.fields.${field}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {file.sample.map((row, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity.
                    <tr key={index}>
                      {IMPORT_FIELDS.map((field) => (
                        <td key={field}>{mapping[field] ? row[mapping[field]] : ''}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}

          {report && (
            <ImportReportView
              counts={[
                {
                  key: 'create',
                  text: t('imports.counts.create', { count: report.counts.create }),
                  tone: 'success',
                },
                {
                  key: 'update',
                  text: t('imports.counts.update', { count: report.counts.update }),
                },
                {
                  key: 'error',
                  text: t('imports.counts.error', { count: report.counts.error }),
                  ...(report.counts.error ? { tone: 'danger' as const } : {}),
                },
              ]}
              labelHeader={t('imports.fields.email')}
              lines={report.lines.map((line) => ({
                line: line.line,
                label: line.values.email ?? '',
                result: t(`imports.action_${line.action}`),
                isError: line.action === 'error',
                errors: Object.entries(line.errors).map(([field, messages]) => ({
                  field,
                  label: t(`imports.fields.${field}`),
                  messages,
                })),
              }))}
            />
          )}

          <div className="cohort-form__actions">
            <button type="button" className="button button--ghost" disabled={busy} onClick={check}>
              <ListChecks size={16} aria-hidden="true" />
              {t('imports.check')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={
                busy ||
                !report ||
                report.counts.error > 0 ||
                report.counts.create + report.counts.update === 0
              }
              onClick={() => (report?.counts.update ? setConfirming(true) : void commit())}
            >
              <FileUp size={16} aria-hidden="true" />
              {t('imports.run', {
                count: report ? report.counts.create + report.counts.update : 0,
              })}
            </button>
          </div>
          {report && report.counts.update > 0 && (
            <p className="cohort-muted">{t('imports.stepUp', { count: report.counts.update })}</p>
          )}
          <StepUpDialog
            open={confirming}
            onOpenChange={setConfirming}
            onConfirmed={(token) => {
              setConfirming(false);
              void commit(token);
            }}
          />
        </>
      )}

      {refused.length > 0 && (
        <div role="alert">
          <p>{t('imports.refused', { count: refused.length })}</p>
          <ul className="cohort-list">
            {refused.map((line) => (
              <li key={line.line}>
                <span>
                  {t('imports.line')} {line.line} · {line.email}
                </span>
                <span className="cohort-muted">{Object.values(line.errors).flat().join(' ')}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

      <h3 className="import-history__title">{t('imports.history')}</h3>
      {history.data && history.data.data.length === 0 ? (
        <p className="cohort-empty">{t('imports.noHistory')}</p>
      ) : (
        <ul className="cohort-list">
          {history.data?.data.map((entry) => (
            <li key={entry.id}>
              <div className="cohort-list__text">
                <strong>
                  <CheckCircle2 size={14} aria-hidden="true" /> {entry.file_name}
                </strong>
                <span>
                  {formatInstant(entry.created_at, i18n.language)}
                  {entry.actor_name ? ` · ${entry.actor_name}` : ''}
                </span>
              </div>
              <span className="cohort-muted">
                {t('imports.summary', {
                  total: entry.total,
                  created: entry.created,
                  updated: entry.updated,
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
