import type { SessionsRevoked, StepUpTarget } from '@skolar/shared';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { callUrl, type PersonUrl } from '../api/client.ts';
import { stepUpHeader } from '../lib/http.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { StepUpDialog } from './step-up-dialog.tsx';
import { toastError } from './toast-error.ts';

interface EndSessionsButtonProps {
  /** The person's API path: `/api/students/42`, `/api/users/7`… */
  apiPath: PersonUrl;
  /** The kind of row the step-up is asked for, and its id. */
  target: StepUpTarget;
  /** The person's name, in the confirmation. */
  name: string;
  /** The button's look: the users page uses small buttons. */
  small?: boolean;
}

/**
 * Ends every session of a person without archiving them (ASVS 7.4.5): a confirmation, then the
 * password (a step-up for that person), then `POST <apiPath>/sessions/revoke` and a toast.
 */
export function EndSessionsButton({ apiPath, target, name, small }: EndSessionsButtonProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [asking, setAsking] = useState(false);

  const end = async (token: string) => {
    try {
      const { revoked } = await callUrl<SessionsRevoked>('POST', `${apiPath}/sessions/revoke`, {
        headers: stepUpHeader(token),
      });
      toast.success(t('endSessions.done', { count: revoked }));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <>
      <button
        type="button"
        className={`button button--ghost${small ? ' button--small' : ''}`}
        onClick={() => setConfirming(true)}
      >
        <LogOut size={16} aria-hidden="true" />
        {t('endSessions.button')}
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        question={t('endSessions.question')}
        subject={t('endSessions.subject', { name })}
        confirmLabel={t('endSessions.confirm')}
        tone="danger"
        onConfirm={() => {
          setConfirming(false);
          setAsking(true);
        }}
      />
      <StepUpDialog
        open={asking}
        onOpenChange={setAsking}
        target={target}
        description={t('endSessions.stepUp')}
        onConfirmed={(token) => {
          setAsking(false);
          void end(token);
        }}
      />
    </>
  );
}
