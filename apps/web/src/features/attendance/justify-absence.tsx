import { zodResolver } from '@hookform/resolvers/zod';
import { type JustificationBody, justificationBody } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { justificationsKey, submitJustification, useJustifications } from '../../api/attendance.ts';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.ts';
import { formatFileSize } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { TextAreaField, TextField } from '../../ui/fields.tsx';
import { FilePicker, IMAGE_FILES, PDF_FILES } from '../../ui/file-picker.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import {
  JustificationDocument,
  JustificationFacts,
  JustificationReason,
  JustificationStatusBadge,
  justificationDays,
} from './justification-parts.tsx';
import './check-in.css';
import './justifications.css';

// Attendance (issue 32): on /check-in, the learner justifies absences (the days, a reason and a
// document) and follows what the administration decided.

/** The documents the API takes for a justification: a PDF or a picture, 10 MB at most. */
const JUSTIFICATION_FILES = { ...PDF_FILES, ...IMAGE_FILES };
const JUSTIFICATION_MAX_BYTES = 10 * 1024 * 1024;

const pad = (value: number) => String(value).padStart(2, '0');

/** Today on the reader's own calendar, `YYYY-MM-DD`. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The learner's justifications: the form that sends one, then the list of those sent. */
export function JustifyAbsence() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="justify-absence" aria-labelledby={titleId}>
      <div className="card justify-absence__card">
        <h2 id={titleId}>{t('attendance.justifications.title')}</h2>
        <p className="check-in-muted">{t('attendance.justifications.intro')}</p>
        <JustifyAbsenceForm />
      </div>
      <MyJustifications />
    </section>
  );
}

/** The days (today by default), the reason and the document, sent as one multipart request. */
function JustifyAbsenceForm() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const types = t('attendance.justifications.fileTypes');
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<JustificationBody>({
    resolver: zodResolver(justificationBody),
    defaultValues: { from: today(), to: today(), reason: '' },
  });

  const send = handleSubmit(async (body) => {
    if (!file) return;
    setFailure(null);
    try {
      await submitJustification(body, file);
      toast.success(t('attendance.justifications.sent'));
      reset({ from: body.from, to: body.to, reason: '' });
      setFile(null);
      await client.invalidateQueries({ queryKey: justificationsKey });
    } catch (error) {
      // The document's refusals go under its field: too large (413), not a PDF nor a picture (415).
      if (error instanceof ApiError && error.status === 413) {
        setFileError(
          t('filePicker.tooLarge', {
            size: formatFileSize(JUSTIFICATION_MAX_BYTES, i18n.language),
          }),
        );
        return;
      }
      if (error instanceof ApiError && error.status === 415) {
        setFileError(t('filePicker.wrongType', { types }));
        return;
      }
      const onFile = error instanceof ApiError ? error.errors?.file?.[0] : undefined;
      if (onFile) setFileError(onFile);
      const placed = applyServerErrors(error, setError, ['from', 'to', 'reason']);
      if (!placed && !onFile)
        setFailure(errorMessage(error, t('attendance.justifications.failed')));
    }
  });
  // The document is checked with the fields: every message shows at the first try.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setFileError(file ? null : t('validation.required'));
    void send(event);
  };

  return (
    <form className="form justify-absence__form" onSubmit={onSubmit} noValidate>
      {failure && <Notice kind="error">{failure}</Notice>}
      <div className="justify-absence__days">
        <TextField
          type="date"
          label={t('attendance.fields.from')}
          error={errors.from}
          {...register('from')}
        />
        <TextField
          type="date"
          label={t('attendance.fields.to')}
          error={errors.to}
          {...register('to')}
        />
      </div>
      <TextAreaField
        label={t('attendance.justifications.reason')}
        hint={t('attendance.justifications.reasonHint')}
        rows={3}
        maxLength={1000}
        error={errors.reason}
        {...register('reason')}
      />
      <FilePicker
        label={t('attendance.justifications.file')}
        accept={JUSTIFICATION_FILES}
        types={types}
        maxSize={JUSTIFICATION_MAX_BYTES}
        file={file}
        disabled={isSubmitting}
        error={fileError}
        onFile={(chosen) => {
          setFile(chosen);
          setFileError(null);
        }}
        onRemove={() => setFile(null)}
      />
      <div className="check-in-actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          <Send size={16} aria-hidden="true" />
          {isSubmitting
            ? t('attendance.justifications.sending')
            : t('attendance.justifications.submit')}
        </button>
      </div>
    </form>
  );
}

/** The justifications the learner sent, the pending ones first, with what was decided. */
function MyJustifications() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { data, error, isLoading } = useJustifications();
  return (
    <section className="justifications" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('attendance.justifications.mine')}</h2>
      {error ? (
        <Notice kind="error">{errorMessage(error)}</Notice>
      ) : isLoading || !data ? (
        <div aria-busy="true">
          <Skeleton height="5rem" shape="block" />
        </div>
      ) : data.data.length === 0 ? (
        <p className="check-in-muted">{t('attendance.justifications.mineEmpty')}</p>
      ) : (
        <ul className="justification-list" aria-labelledby={titleId}>
          {data.data.map((justification) => (
            <li key={justification.id} className="card justification">
              <div className="justification__head">
                <p className="justification__days">
                  {justificationDays(justification, i18n.language)}
                </p>
                <JustificationStatusBadge status={justification.status} />
              </div>
              <JustificationReason reason={justification.reason} />
              <JustificationDocument file={justification.file} />
              <JustificationFacts justification={justification} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
