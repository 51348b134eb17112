import {
  CHECK_IN_CODE_ALPHABET,
  CHECK_IN_CODE_LENGTH,
  type CheckInResult,
  roleMay,
} from '@skolar/shared';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, LayoutDashboard, QrCode, X } from 'lucide-react';
import type QrScanner from 'qr-scanner';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { checkIn } from '../../api/attendance.ts';
import { useSession } from '../../api/session.ts';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.ts';
import { formatDelay, formatInstant } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { TextField } from '../../ui/fields.tsx';
import { Notice } from '../../ui/notice.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { JustifyAbsence } from './justify-absence.tsx';
import { MyAttendance } from './my-attendance.tsx';
import { SignHalfDay } from './sign-half-day.tsx';
import './check-in.css';

// Attendance (issue 32): the learner checks in with the trainer's screen. Its QR code leads here
// with a short-lived token in `t` (the phone's camera app opened it); otherwise the learner types
// the six characters shown under it, or scans the QR code with the camera in the page.

/** The typed code once tidied: the server upper-cases it too, spaces and dashes are typing slips. */
const tidyCode = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

const CODE_PATTERN = new RegExp(`^[${CHECK_IN_CODE_ALPHABET}]{${CHECK_IN_CODE_LENGTH}}$`);

/** The token of a scanned QR code: the check-in page's address with `t`, else null. */
function scannedToken(data: string): string | null {
  try {
    const url = new URL(data, window.location.origin);
    if (url.pathname.replace(/\/+$/, '') !== '/check-in') return null;
    return url.searchParams.get('t') || null;
  } catch {
    return null;
  }
}

/** Why the server refused a token: the message on its field (a 422), else the answer's message. */
const tokenRefusal = (error: unknown) =>
  (error instanceof ApiError && error.errors?.token?.[0]) || errorMessage(error);

/** Whether the browser can open a camera at all (not in an insecure context, nor in jsdom). */
const hasCameraApi = () =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/** `/check-in`: the learner's own check-in, by the QR code's link, the code typed or a scan. */
export function CheckInPage() {
  const { t } = useTranslation();
  usePageTitle(t('checkIn.title'));
  const [params, setParams] = useSearchParams();
  const role = useSession().user?.role;
  const [result, setResult] = useState<CheckInResult | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  // Set with the request, in the same render as `t` leaves the address: the form never flashes.
  const [linkSending, setLinkSending] = useState(false);
  const sentToken = useRef<string | null>(null);
  const { mutate: sendLinkToken } = useMutation({
    mutationFn: (token: string) => checkIn({ token }),
    onSuccess: setResult,
    onError: (error) => setLinkError(tokenRefusal(error)),
    onSettled: () => setLinkSending(false),
  });

  // The link of the QR code: its token is sent once (StrictMode runs effects twice), then taken
  // out of the address so that a reload does not send a code run out since.
  const linkToken = params.get('t');
  useEffect(() => {
    if (!linkToken) return;
    if (sentToken.current !== linkToken) {
      sentToken.current = linkToken;
      setLinkSending(true);
      sendLinkToken(linkToken);
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('t');
        return next;
      },
      { replace: true },
    );
  }, [linkToken, sendLinkToken, setParams]);

  return (
    <div className="container page check-in-page">
      <PageHeader eyebrow={t('checkIn.eyebrow')} title={t('checkIn.title')} />
      {result ? (
        <>
          <CheckInConfirmation result={result} />
          <SignHalfDay result={result} />
        </>
      ) : linkSending || linkToken ? (
        <p className="check-in-muted" role="status">
          {t('checkIn.sending')}
        </p>
      ) : (
        <section className="card check-in-card" aria-label={t('checkIn.title')}>
          {linkError && <Notice kind="error">{linkError}</Notice>}
          <p className="check-in-muted">{t('checkIn.intro')}</p>
          <CheckInForm onCheckedIn={setResult} onAttempt={() => setLinkError(null)} />
        </section>
      )}
      {/* The learner's own rates (the `presence` list grant), with a warning under a threshold. */}
      {role && roleMay(role, 'list', 'presence') && (
        <div className="check-in-rates">
          <MyAttendance />
        </div>
      )}
      {/* A learner justifies absences here too (the `justification` create grant). */}
      {role && roleMay(role, 'create', 'justification') && <JustifyAbsence />}
    </div>
  );
}

/** The code typed, and the button that opens the camera when the browser has one. */
function CheckInForm({
  onCheckedIn,
  onAttempt,
}: {
  onCheckedIn: (result: CheckInResult) => void;
  /** Another try: the error of the QR code's link is stale. */
  onAttempt: () => void;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [cameraApi] = useState(hasCameraApi);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    onAttempt();
    try {
      onCheckedIn(await checkIn({ code: tidyCode(code) }));
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ['code']) ? null : errorMessage(error));
    }
  });

  return (
    <>
      <form className="form check-in-form" onSubmit={onSubmit} noValidate>
        {failure && <Notice kind="error">{failure}</Notice>}
        <TextField
          label={t('checkIn.code')}
          hint={t('checkIn.codeHint')}
          className="check-in-code"
          inputMode="text"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          maxLength={CHECK_IN_CODE_LENGTH}
          autoFocus
          error={errors.code}
          {...register('code', {
            validate: (value) => {
              const code = tidyCode(value);
              if (!code) return 'checkIn.codeRequired';
              return CODE_PATTERN.test(code) || 'checkIn.codeInvalid';
            },
          })}
        />
        <div className="check-in-actions">
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            <CircleCheck size={16} aria-hidden="true" />
            {t('checkIn.submit')}
          </button>
          {cameraApi && (
            <button
              type="button"
              className="button button--ghost"
              aria-expanded={scanning}
              aria-controls="check-in-scanner"
              onClick={() => {
                if (!scanning) onAttempt();
                setScanning(!scanning);
              }}
            >
              {scanning ? (
                <X size={16} aria-hidden="true" />
              ) : (
                <QrCode size={16} aria-hidden="true" />
              )}
              {scanning ? t('checkIn.closeCamera') : t('checkIn.scan')}
            </button>
          )}
        </div>
      </form>
      {cameraApi && (
        <div id="check-in-scanner" className="check-in-scanner-slot">
          {scanning && <QrScannerView onCheckedIn={onCheckedIn} />}
        </div>
      )}
    </>
  );
}

/**
 * qr-scanner, out of the page's first chunk: loaded the first time the camera opens, once (a
 * failed load is tried again the next time).
 */
let qrScanner: Promise<typeof import('qr-scanner')> | undefined;
const loadQrScanner = () => {
  qrScanner ??= import('qr-scanner').catch((error: unknown) => {
    qrScanner = undefined;
    throw error;
  });
  return qrScanner;
};

type ScannerState = 'starting' | 'aim' | 'sending' | 'foreign' | 'denied' | 'absent';

/** Whether the camera was refused (as far as the browser says), rather than absent. */
async function cameraRefused(): Promise<boolean> {
  try {
    const permission = await navigator.permissions?.query({ name: 'camera' as PermissionName });
    return permission?.state === 'denied';
  } catch {
    return false;
  }
}

/**
 * The camera in the page (qr-scanner, loaded on demand): the QR code's token is sent as soon as
 * it is read. A refusal (the code just used or run out) keeps the camera on, the screen shows a
 * new code within seconds; the camera stops once accepted and when this view goes.
 */
function QrScannerView({ onCheckedIn }: { onCheckedIn: (result: CheckInResult) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScannerState>('starting');
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    let gone = false;
    let busy = false;
    const tried = new Set<string>();
    let scanner: QrScanner | null = null;

    const onRead = async (data: string) => {
      if (gone || busy) return;
      const token = scannedToken(data);
      if (!token) {
        setState('foreign');
        return;
      }
      // The same QR code is read many times a second: each token is sent once.
      if (tried.has(token)) return;
      tried.add(token);
      busy = true;
      setState('sending');
      try {
        const result = await checkIn({ token });
        if (gone) return;
        scanner?.stop();
        onCheckedIn(result);
      } catch (error) {
        if (gone) return;
        setRefusal(tokenRefusal(error));
        setState('aim');
      } finally {
        busy = false;
      }
    };

    (async () => {
      try {
        const { default: Scanner } = await loadQrScanner();
        if (gone || !video.current) return;
        scanner = new Scanner(video.current, ({ data }) => void onRead(data), {
          returnDetailedScanResult: true,
          preferredCamera: 'environment',
          maxScansPerSecond: 10,
          // A frame without a QR code is the usual case, not an error worth logging.
          onDecodeError: () => undefined,
        });
        await scanner.start();
        if (!gone) setState('aim');
      } catch {
        if (gone) return;
        scanner?.destroy();
        scanner = null;
        setState((await cameraRefused()) ? 'denied' : 'absent');
      }
    })();

    return () => {
      gone = true;
      scanner?.destroy();
    };
  }, [onCheckedIn]);

  const failed = state === 'denied' || state === 'absent';
  return (
    <div className="check-in-scanner">
      {failed ? (
        <Notice kind="error">{t(`checkIn.scanner.${state}`)}</Notice>
      ) : (
        // The picture says nothing a reader needs: the status below says what the camera does.
        // qr-scanner adds nothing here; the video is this wrapper's only child React knows.
        <div className="check-in-scanner__view" aria-hidden="true">
          <video ref={video} className="check-in-scanner__video" muted playsInline />
        </div>
      )}
      {/* Polite: the reader hears what the camera is doing and the server's refusals. */}
      <div className="check-in-scanner__status" aria-live="polite">
        {!failed && <p>{t(`checkIn.scanner.${state}`)}</p>}
        {!failed && refusal && <p className="check-in-scanner__refusal">{refusal}</p>}
      </div>
    </div>
  );
}

/** The check-in accepted: the session, its hours, the half-day and the status given. */
function CheckInConfirmation({ result }: { result: CheckInResult }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const heading = useRef<HTMLHeadingElement>(null);
  // The form this replaces had the focus: it moves to the confirmation.
  useEffect(() => heading.current?.focus(), []);
  const { session } = result;
  const time = (iso: string) => formatInstant(iso, language, { timeStyle: 'short' });
  const status =
    result.status === 'late' && result.late_minutes !== null
      ? t('checkIn.statuses.lateBy', { delay: formatDelay(result.late_minutes, language) })
      : t(`checkIn.statuses.${result.status}`);
  return (
    <section className="card check-in-done" role="status" aria-labelledby="check-in-done-title">
      <div className="check-in-done__head">
        <span className="check-in-done__icon">
          <CircleCheck size={28} aria-hidden="true" />
        </span>
        <h2 id="check-in-done-title" ref={heading} tabIndex={-1}>
          {t('checkIn.done.title')}
        </h2>
      </div>
      {result.already && <p>{t('checkIn.done.already')}</p>}
      <dl className="check-in-done__facts">
        <div>
          <dt>{t('checkIn.done.session')}</dt>
          <dd>{session.title}</dd>
        </div>
        <div>
          <dt>{t('checkIn.done.when')}</dt>
          <dd>
            {t('checkIn.done.range', {
              day: formatInstant(session.starts_at, language, {
                weekday: 'long',
                day: 'numeric',
                month: 'long',
              }),
              start: time(session.starts_at),
              end: time(session.ends_at),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('checkIn.done.halfDay')}</dt>
          <dd>{t(`checkIn.halfDays.${result.half_day}`)}</dd>
        </div>
        <div>
          <dt>{t('checkIn.done.status')}</dt>
          <dd>
            <span
              className={
                result.status === 'present' ? 'badge check-in-badge--ok' : 'badge check-in-badge'
              }
            >
              {status}
            </span>
          </dd>
        </div>
      </dl>
      <div>
        <Link to="/dashboard" className="button button--primary">
          <LayoutDashboard size={16} aria-hidden="true" />
          {t('checkIn.done.dashboard')}
        </Link>
      </div>
    </section>
  );
}
