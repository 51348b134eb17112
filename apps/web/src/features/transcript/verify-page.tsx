import { type DocumentVerification, normaliseVerificationCode } from '@skolar/shared';
import type { TFunction } from 'i18next';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useVerification } from '../../api/transcript.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { formatDay } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { TextField } from '../../ui/fields.tsx';
import { Notice } from '../../ui/notice.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { AttendanceCertificateView, AttendanceSheetView } from './attendance-document-view.tsx';
import { TranscriptView } from './transcript-view.tsx';

/** The code field: typed codes are normalised (case, spaces, O/0, I/L/1) before the check. */
function VerifyForm({ initial = '' }: { initial?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  return (
    <form
      className="card verify-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const code = normaliseVerificationCode(value);
        setInvalid(code === null);
        if (code) navigate(`/verify/${code}`);
      }}
    >
      <TextField
        label={t('transcript.verify.code')}
        placeholder="K7Q2-XXXX-XXXX-XXXX-XXXX"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={invalid ? { type: 'validate', message: 'transcript.verify.invalid' } : undefined}
      />
      <button type="submit" className="button button--primary">
        <ShieldCheck size={16} aria-hidden="true" />
        {t('transcript.verify.submit')}
      </button>
    </form>
  );
}

/** `/verify`: type the code printed on a transcript, an attendance sheet or a certificate. */
export function VerifyFormPage() {
  const { t } = useTranslation();
  usePageTitle(t('transcript.verify.title'));
  return (
    <div className="container page cohort-page">
      <PageHeader eyebrow={t('transcript.verify.eyebrow')} title={t('transcript.verify.title')}>
        <p className="transcript-muted">{t('transcript.verify.intro')}</p>
      </PageHeader>
      <VerifyForm />
    </div>
  );
}

/**
 * What the success notice says of a genuine document: which document, whose, and when and by whom
 * it was issued (in the institution's zone).
 */
function genuineText(data: DocumentVerification, t: TFunction, language: string): string {
  const institution = data.kind === 'transcript' ? data.institution : data.content.institution;
  const common = {
    institution: institution.name,
    date: new Intl.DateTimeFormat(language, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: institution.time_zone,
    }).format(new Date(data.issued_at)),
  };
  const name = (person: { first_name: string; last_name: string }) =>
    `${person.first_name} ${person.last_name}`;
  switch (data.kind) {
    case 'transcript':
      return t('transcript.verify.genuine', { ...common, student: name(data.student) });
    case 'attendance_certificate':
      return t('transcript.verify.genuineCertificate', {
        ...common,
        learner: name(data.content.learner),
        from: formatDay(data.content.from, language),
        to: formatDay(data.content.to, language),
      });
    case 'attendance_sheet': {
      // One session with all its learners, or one learner's sessions over a period.
      const [session] = data.content.sessions;
      if (data.content.scope === 'session' && session)
        return t('transcript.verify.genuineSessionSheet', {
          ...common,
          session: session.title,
          day: formatDay(data.content.from, language, { dateStyle: 'long' }),
        });
      return t('transcript.verify.genuineLearnerSheet', {
        ...common,
        learner: data.content.learner ? name(data.content.learner) : '—',
        from: formatDay(data.content.from, language),
        to: formatDay(data.content.to, language),
      });
    }
  }
}

/** What the document printed, as the page reads it. */
function DocumentContents({ data }: { data: DocumentVerification }) {
  switch (data.kind) {
    case 'transcript':
      return <TranscriptView transcript={data.content} />;
    case 'attendance_sheet':
      return <AttendanceSheetView sheet={data.content} />;
    case 'attendance_certificate':
      return <AttendanceCertificateView certificate={data.content} />;
  }
}

/** `/verify/:code`: whether that document is genuine, and what it contained. */
export function VerifyPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('transcript.verify.title'));
  const code = useParams().code ?? '';
  const { data, error } = useVerification(code);
  return (
    <div className="container page cohort-page">
      <PageHeader eyebrow={t('transcript.verify.eyebrow')} title={t('transcript.verify.title')} />
      {error ? (
        <div className="verify-result">
          <Notice kind="error">
            {error instanceof ApiError && error.status === 404
              ? t('transcript.verify.notFound', { code })
              : errorMessage(error)}
          </Notice>
          <VerifyForm initial={code} />
        </div>
      ) : !data ? (
        <p className="cohort-muted">{t('app.loading')}</p>
      ) : (
        <div className="verify-result">
          <Notice kind="success">{genuineText(data, t, i18n.language)}</Notice>
          <h2>{t('transcript.verify.contents')}</h2>
          <DocumentContents data={data} />
        </div>
      )}
    </div>
  );
}
