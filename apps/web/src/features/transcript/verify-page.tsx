import { normaliseVerificationCode } from '@skolar/shared';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useVerification } from '../../api/transcript.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { ApiError } from '../../lib/http.ts';
import { TextField } from '../../ui/fields.tsx';
import { Notice } from '../../ui/notice.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
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

/** `/verify`: type the code printed on a transcript. */
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

/** `/verify/:code`: whether that transcript is genuine, and what it contained. */
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
          <Notice kind="success">
            {t('transcript.verify.genuine', {
              institution: data.institution.name,
              student: `${data.student.first_name} ${data.student.last_name}`,
              date: new Intl.DateTimeFormat(i18n.language, {
                dateStyle: 'long',
                timeStyle: 'short',
                timeZone: data.institution.time_zone,
              }).format(new Date(data.issued_at)),
            })}
          </Notice>
          <h2>{t('transcript.verify.contents')}</h2>
          <TranscriptView transcript={data.content} />
        </div>
      )}
    </div>
  );
}
