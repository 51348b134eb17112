import { useTranslation } from 'react-i18next';
import './cohorts.css';

/** One line of a checked CSV as the report shows it (labels already translated). */
export interface ImportReportLine {
  /** The line number in the file (the header is line 1). */
  line: number;
  /** What identifies the line for the reader (its e-mail address). */
  label: string;
  /** What the import does with it ("Will be updated", "Error"…). */
  result: string;
  isError: boolean;
  errors: Array<{ field: string; label: string; messages: string[] }>;
}

/**
 * The check of a CSV import, line by line: the counts, then a table of every line with its
 * outcome and its errors field by field. Shared by the people import and the gradebook import.
 */
export function ImportReportView({
  counts,
  labelHeader,
  lines,
}: {
  counts: Array<{ key: string; text: string; tone?: 'success' | 'danger' }>;
  labelHeader: string;
  lines: ImportReportLine[];
}) {
  const { t } = useTranslation();
  return (
    <div className="import-report" aria-live="polite">
      <p className="import-counts">
        {counts.map((count) => (
          <span key={count.key} className={count.tone ? `badge badge--${count.tone}` : 'badge'}>
            {count.text}
          </span>
        ))}
      </p>
      <div className="cohort-preview">
        <table>
          <caption className="cohort-muted">{t('imports.report')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('imports.line')}</th>
              <th scope="col">{labelHeader}</th>
              <th scope="col">{t('imports.result')}</th>
              <th scope="col">{t('imports.errors')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.line} className={line.isError ? 'is-error' : undefined}>
                <td>{line.line}</td>
                <td>{line.label}</td>
                <td>{line.result}</td>
                <td>
                  {line.errors.map((error) => (
                    <p key={error.field} className="field__error">
                      {error.label} : {error.messages.join(' ')}
                    </p>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
