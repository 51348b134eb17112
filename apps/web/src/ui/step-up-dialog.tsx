import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { confirmPasswordBody, type StepUpTarget } from '@skolar/shared';
import { ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../api/client.ts';
import { ApiError } from '../lib/http.ts';
import { DialogFormActions } from './dialog-actions.tsx';
import { TextField } from './fields.tsx';

interface StepUpDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the step-up token (one edit, within 15 minutes) once the password is confirmed. */
  onConfirmed: (token: string) => void;
  /** The row the edit is about: the token then serves that row's edit only. */
  target?: StepUpTarget;
  /** What the password confirms, when it is not an edit (e.g. ending sessions). */
  description?: string;
}

/**
 * Asks the signed-in user for their password before a sensitive edit; the API answers a
 * step-up token that the edit route carries (`/users/edit/:id/:token`) and sends back.
 */
export function StepUpDialog({
  open,
  onOpenChange,
  onConfirmed,
  target,
  description,
}: StepUpDialogProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(confirmPasswordBody), defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      const { token } = await ok(
        api.POST('/api/auth/verify-password-request', {
          body: {
            password,
            ...(target ? { target } : {}),
          },
        }),
      );
      reset();
      onConfirmed(token);
    } catch (error) {
      const message =
        error instanceof ApiError
          ? (error.errors?.password?.[0] ?? error.message)
          : t('errors.generic');
      setError('password', { type: 'server', message });
    }
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog card">
          <span className="auth-card__icon" aria-hidden="true">
            <ShieldCheck size={20} />
          </span>
          <Dialog.Title className="dialog__title">{t('stepUp.title')}</Dialog.Title>
          <Dialog.Description className="dialog__description">
            {description ?? t('stepUp.description')}
          </Dialog.Description>
          <form className="form" onSubmit={onSubmit} noValidate>
            <TextField
              label={t('stepUp.password')}
              type="password"
              autoComplete="current-password"
              autoFocus
              error={errors.password}
              {...register('password')}
            />
            <DialogFormActions
              submitLabel={t('stepUp.confirm')}
              cancelLabel={t('stepUp.cancel')}
              pending={isSubmitting}
            />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
