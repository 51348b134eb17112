import type {
  HandInQuota,
  HandInReceipt,
  MyEvaluationDetail,
  SubmissionReceipt,
} from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Copy, FileText, Upload } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { handInProject, myEvaluationsKey } from '../../../api/projects.ts';
import { formatFileSize, formatNumber } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { FilePicker, MAX_BYTES } from '../../../ui/file-picker.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { formatInstant, formatSize } from './format.ts';
import { LateBadge } from './late-badge.tsx';
import '../../../ui/cohorts.css';
import './project.css';

/**
 * What the file picker offers, by type and extension (the server sniffs the bytes and has the last
 * word: decisions 48); a file matching either its type or its extension is taken.
 */
const HAND_IN_FILES = {
  'application/pdf': ['.pdf'],
  'application/zip': ['.zip'],
  'application/x-tar': ['.tar'],
  'application/gzip': ['.gz', '.tgz'],
  'application/x-7z-compressed': ['.7z'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
  'application/vnd.oasis.opendocument.text': ['.odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['.ods'],
  'application/vnd.oasis.opendocument.presentation': ['.odp'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'text/plain': ['.txt'],
  'text/markdown': ['.md'],
};

/** A quota's size in binary units, as the API counts it ("38 MB", "100 MB"; "0 MB" when empty). */
function quotaSize(bytes: number, language: string): string {
  if (bytes <= 0) {
    return new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte' }).format(0);
  }
  return formatFileSize(bytes, language);
}

/** The quota a refusal carries (over the versions or the bytes of a project's quota). */
function quotaOf(error: ApiError): HandInQuota | undefined {
  const body = error.body as { quota?: HandInQuota } | undefined;
  return body?.quota;
}

/**
 * The translated reason a hand-in was refused: closed (409), quota used (409 or 413 with the
 * quota), too large (413), wrong type (415), too many uploads in a short time (429).
 */
function refusal(
  error: unknown,
  file: File,
  t: (key: string, options?: Record<string, unknown>) => string,
  language: string,
): string {
  if (error instanceof ApiError) {
    const quota = quotaOf(error);
    if (error.status === 409 && quota) {
      return t('projects.errors.quotaVersions', { max: quota.versions_max });
    }
    if (error.status === 413 && quota) {
      return t('projects.errors.quotaBytes', {
        size: quotaSize(file.size, language),
        left: quotaSize(quota.bytes_max - quota.bytes_used, language),
        max: quotaSize(quota.bytes_max, language),
      });
    }
    if (error.status === 409) return t('projects.errors.closed');
    if (error.status === 413) return t('projects.errors.tooLarge');
    if (error.status === 415) return t('projects.errors.type');
    if (error.status === 429) {
      return t('projects.errors.tooFast', {
        minutes: Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)),
      });
    }
    if (error.status === 0) return error.message;
  }
  return t('projects.errors.failed');
}

/** Whether a quota leaves no room for another version. */
const quotaFull = (quota: HandInQuota) =>
  quota.versions_used >= quota.versions_max || quota.bytes_used >= quota.bytes_max;

/** What the student has used of the project's quota, and what is left. */
function QuotaLine({ quota }: { quota: HandInQuota }) {
  const { t, i18n } = useTranslation();
  const size = (bytes: number) => quotaSize(bytes, i18n.language);
  return (
    <p className="hand-in__quota">
      {t('projects.quota.used', {
        versions: quota.versions_used,
        maxVersions: quota.versions_max,
        bytes: size(quota.bytes_used),
        maxBytes: size(quota.bytes_max),
      })}
      {!quotaFull(quota) && (
        <>
          {' '}
          <span className="hand-in__muted">
            {t('projects.quota.left', {
              count: quota.versions_max - quota.versions_used,
              bytes: size(quota.bytes_max - quota.bytes_used),
            })}
          </span>
        </>
      )}
    </p>
  );
}

/** The SHA-256 in a monospace block the student can select or copy with one click. */
function Fingerprint({ sha256 }: { sha256: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sha256);
      toast.success(t('projects.copied'));
    } catch {
      toast.error(t('projects.copyFailed'));
    }
  };
  return (
    <span className="hand-in__hash">
      <code>{sha256}</code>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => void copy()}
        aria-label={t('projects.copyHash')}
        title={t('projects.copyHash')}
      >
        <Copy size={16} aria-hidden="true" />
      </button>
    </span>
  );
}

/** The receipt of the hand-in just made: when the server took it and the file's fingerprint. */
function Receipt({ receipt, timeZone }: { receipt: SubmissionReceipt; timeZone: string }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="hand-in__receipt" aria-live="polite" aria-label={t('projects.receipt')}>
      <h3>{t('projects.receivedTitle', { version: receipt.version })}</h3>
      <dl className="hand-in__facts">
        <dt>{t('projects.receivedAt')}</dt>
        <dd>
          {formatInstant(receipt.submitted_at, i18n.language, timeZone)}{' '}
          <LateBadge minutes={receipt.late_minutes} />
        </dd>
        <dt>{t('projects.file')}</dt>
        <dd>
          <a href={receipt.file_link} target="_blank" rel="noopener noreferrer">
            {receipt.file_name}
          </a>{' '}
          <span className="hand-in__muted">({formatSize(receipt.size, i18n.language)})</span>
        </dd>
        <dt>{t('projects.sha256')}</dt>
        <dd>
          <Fingerprint sha256={receipt.sha256} />
        </dd>
      </dl>
      <p className="hand-in__muted">{t('projects.mailed')}</p>
    </section>
  );
}

/** Every version handed in, the latest first. */
function Versions({ versions, timeZone }: { versions: SubmissionReceipt[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  if (versions.length === 0) return <p className="hand-in__muted">{t('projects.noVersion')}</p>;
  const sorted = [...versions].sort((a, b) => b.version - a.version);
  return (
    <ol className="hand-in__versions" aria-label={t('projects.versions')}>
      {sorted.map((version) => (
        <li key={version.id} className="hand-in__version">
          <span className="hand-in__version-head">
            <strong>{t('projects.version', { version: version.version })}</strong>
            <span className="hand-in__muted">
              {formatInstant(version.submitted_at, i18n.language, timeZone)}
            </span>
            <LateBadge minutes={version.late_minutes} />
          </span>
          <span>
            <FileText size={14} aria-hidden="true" />{' '}
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

/** Why nothing can be handed in now: not open yet, or past the deadline (by the server's clock). */
function ClosedNotice({ evaluation }: { evaluation: MyEvaluationDetail }) {
  const { t, i18n } = useTranslation();
  const early = new Date(evaluation.server_now) < new Date(evaluation.opens_at);
  return (
    <Notice kind="info">
      {early
        ? t('projects.opensOn', {
            date: formatInstant(evaluation.opens_at, i18n.language, evaluation.time_zone),
          })
        : t('projects.closedOn', {
            date: formatInstant(evaluation.closes_at, i18n.language, evaluation.time_zone),
          })}
    </Notice>
  );
}

/**
 * Past the student's deadline while the project still takes late hand-ins (decision 195): until
 * when, and what a late version costs.
 */
function LateNotice({ evaluation }: { evaluation: MyEvaluationDetail }) {
  const { t, i18n } = useTranslation();
  if (!evaluation.deadline || new Date(evaluation.server_now) < new Date(evaluation.deadline)) {
    return null;
  }
  const until = formatInstant(evaluation.closes_at, i18n.language, evaluation.time_zone);
  return (
    <Notice kind="info">
      {evaluation.late_penalty
        ? t('projects.lateOpenPenalty', {
            date: until,
            percent: formatNumber(evaluation.late_penalty, i18n.language),
          })
        : t('projects.lateOpen', { date: until })}
    </Notice>
  );
}

/** The file picker (the chosen file shown with a remove button) and the send button. */
function HandInForm({
  evaluation,
  onReceipt,
}: {
  evaluation: MyEvaluationDetail;
  onReceipt: (receipt: HandInReceipt) => void;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      onReceipt(await handInProject(evaluation.id, file));
      setFile(null);
      (event.target as HTMLFormElement).reset();
      // The detail (`['me', 'evaluations', id]`) and the list share this prefix.
      await client.invalidateQueries({ queryKey: myEvaluationsKey });
    } catch (failure) {
      setError(refusal(failure, file, t, i18n.language));
      // Refused over the quota: the page shows the quota as the server counts it now.
      if (failure instanceof ApiError && quotaOf(failure)) {
        await client.invalidateQueries({ queryKey: myEvaluationsKey });
      }
    } finally {
      setBusy(false);
    }
  };
  const hasVersion = evaluation.submissions.length > 0;
  return (
    <form className="hand-in" onSubmit={(event) => void submit(event)}>
      <FilePicker
        label={t('projects.file')}
        hint={t('projects.hint')}
        accept={HAND_IN_FILES}
        types={t('projects.types')}
        maxSize={MAX_BYTES.document}
        file={file}
        onRemove={() => setFile(null)}
        disabled={busy}
        onFile={(chosen) => {
          setFile(chosen);
          setError(null);
        }}
      />
      <div className="hand-in__form">
        <button type="submit" className="button button--primary" disabled={!file || busy}>
          <Upload size={16} aria-hidden="true" />{' '}
          {busy ? t('projects.sending') : t(hasVersion ? 'projects.sendAgain' : 'projects.send')}
        </button>
      </div>
      {error && <Notice kind="error">{error}</Notice>}
    </form>
  );
}

/**
 * On a student's project page: while the project is open, a file to hand in (each upload a new
 * version, within the quota shown) and its receipt; always, every version handed in; otherwise
 * why it is not open.
 */
export function HandInPanel({ evaluation }: { evaluation: MyEvaluationDetail }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [receipt, setReceipt] = useState<HandInReceipt | null>(null);
  if (evaluation.type !== 'project') return null;
  // The receipt's quota counts the version just handed in until the page's query has refetched.
  const fresh = receipt && !evaluation.submissions.some((version) => version.id === receipt.id);
  const quota = fresh ? receipt.quota : evaluation.quota;
  return (
    <section className="card cohort-section hand-in" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('projects.title')}</h2>
      {!evaluation.is_open ? (
        <ClosedNotice evaluation={evaluation} />
      ) : quota && quotaFull(quota) ? (
        <Notice kind="info">
          {t('projects.quota.full', {
            maxVersions: quota.versions_max,
            maxBytes: quotaSize(quota.bytes_max, i18n.language),
          })}
        </Notice>
      ) : (
        <>
          <LateNotice evaluation={evaluation} />
          <HandInForm evaluation={evaluation} onReceipt={setReceipt} />
        </>
      )}
      {evaluation.is_open && quota && <QuotaLine quota={quota} />}
      {receipt && <Receipt receipt={receipt} timeZone={evaluation.time_zone} />}
      <h3>{t('projects.versions')}</h3>
      <Versions
        versions={mergeVersions(evaluation.submissions, receipt)}
        timeZone={evaluation.time_zone}
      />
    </section>
  );
}

/** The page's versions plus the one just handed in, before the page's query has refetched. */
function mergeVersions(versions: SubmissionReceipt[], receipt: SubmissionReceipt | null) {
  if (!receipt || versions.some((version) => version.id === receipt.id)) return versions;
  return [receipt, ...versions];
}
