import type { CheckInResult, SignatureReceipt } from '@skolar/shared';
import { PenLine } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signMyHalfDay } from '../../api/attendance.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { formatInstant } from '../../lib/format.ts';
import { Notice } from '../../ui/notice.tsx';
import { SignatureField } from '../../ui/signature-pad.tsx';

/** After a check-in: the learner signs the half-day on their phone (once). */
export function SignHalfDay({ result }: { result: CheckInResult }) {
  const { t, i18n } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<SignatureReceipt | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (result.status !== 'present' && result.status !== 'late') return null;
  if (result.signed && !receipt)
    return (
      <section className="card check-in-sign">
        <Notice kind="info">{t('checkIn.sign.already')}</Notice>
      </section>
    );
  if (receipt)
    return (
      <section className="card check-in-sign">
        <Notice kind="success">
          {t('checkIn.sign.done', {
            time: formatInstant(receipt.signed_at, i18n.language, { timeStyle: 'short' }),
          })}
        </Notice>
      </section>
    );
  const send = async () => {
    if (!image) {
      setFailure(t('checkIn.sign.empty'));
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      setReceipt(await signMyHalfDay(result.session.id, { half_day: result.half_day, image }));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <section className="card check-in-sign" aria-labelledby="check-in-sign-title">
      <h2 id="check-in-sign-title">{t('checkIn.sign.title')}</h2>
      <p className="check-in-muted">
        {t('checkIn.sign.intro', { half: t(`checkIn.halfDays.${result.half_day}`) })}
      </p>
      <SignatureField label={t('checkIn.sign.label')} onChange={setImage} />
      {failure && <Notice kind="error">{failure}</Notice>}
      <div>
        <button
          type="button"
          className="button button--primary"
          disabled={sending}
          onClick={() => void send()}
        >
          <PenLine size={16} aria-hidden="true" />
          {t('checkIn.sign.submit')}
        </button>
      </div>
    </section>
  );
}
