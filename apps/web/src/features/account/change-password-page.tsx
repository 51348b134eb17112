import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBody } from '@skolar/shared';
import { LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.ts';
import { TextField } from '../../ui/fields.tsx';
import { Notice } from '../../ui/notice.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { AccountCard, NewPasswordFields } from './account-ui.tsx';
import { changePassword } from './api.ts';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** `/change-password`: the current password, then the new one twice; other sessions end. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  usePageTitle(t('account.change.title'));
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(changePasswordBody), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setDone(null);
    try {
      const { message } = await changePassword(values);
      reset(EMPTY);
      setDone(message);
      toast.success(message);
    } catch (error) {
      setFailure(
        applyServerErrors(error, setError, [
          'current_password',
          'password',
          'password_confirmation',
        ])
          ? null
          : errorMessage(error),
      );
    }
  });

  return (
    <AccountCard
      icon={<LockKeyhole size={22} />}
      title={t('account.change.title')}
      subtitle={t('account.change.subtitle')}
    >
      {done && <Notice kind="success">{done}</Notice>}
      {failure && <Notice kind="error">{failure}</Notice>}
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('account.fields.currentPassword')}
          type="password"
          autoComplete="current-password"
          error={errors.current_password}
          {...register('current_password')}
        />
        <NewPasswordFields
          password={register('password')}
          confirmation={register('password_confirmation')}
          value={watch('password')}
          errors={{ password: errors.password, confirmation: errors.password_confirmation }}
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={isSubmitting}
        >
          {t('account.change.submit')}
        </button>
      </form>
    </AccountCard>
  );
}
