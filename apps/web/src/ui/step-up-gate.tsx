import type { StepUpTarget } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../api/client.ts';
import { type StepUpBase, useStepUpEdit } from './step-up-edit.tsx';
import './management.css';

interface StepUpGateProps {
  /** The `:token` of the edit route. */
  token: string;
  /** `/users`, `/institutions`…: where the edit route lives. */
  base: StepUpBase;
  /** The kind of row edited: the token was asked for this row. */
  entity: StepUpTarget['entity'];
  id: number;
  children: ReactNode;
}

/**
 * Shows an edit form only while its step-up token is live; an expired or forged one asks for the
 * password again instead of letting the person fill a form the API would refuse.
 */
export function StepUpGate({ token, base, entity, id, children }: StepUpGateProps) {
  const { t } = useTranslation();
  const [dialog, confirm] = useStepUpEdit(base, entity);
  const validity = useQuery({
    queryKey: ['step-up', token, entity, id],
    queryFn: () =>
      ok(
        api.POST('/api/auth/verify-token-validity/{token}', {
          params: { path: { token }, query: { entity, id } },
        }),
      ),
    staleTime: 0,
  });
  if (validity.isLoading) return null;
  if (validity.data?.valid) return <>{children}</>;
  return (
    <div className="card manage-form" role="alert">
      <p className="notice notice--error">
        <ShieldAlert size={18} aria-hidden="true" />
        {t('manage.stepUpExpired')}
      </p>
      <div className="manage-form__actions">
        <button type="button" className="button button--primary" onClick={() => confirm(id)}>
          {t('manage.stepUpAgain')}
        </button>
      </div>
      {dialog}
    </div>
  );
}
