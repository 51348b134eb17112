import { zodResolver } from '@hookform/resolvers/zod';
import { type NewPasswordBody, newPasswordBody } from '@skolar/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors, errorMessage } from '../../lib/form-errors.ts';
import { Notice } from '../../ui/notice.tsx';
import { NewPasswordFields } from './account-ui.tsx';

/** The new password and its confirmation, with the rule ticked as one types. */
export function NewPasswordForm({
  submitLabel,
  onSubmit,
}: {
  submitLabel: string;
  onSubmit: (values: NewPasswordBody) => Promise<void>;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(newPasswordBody),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFailure(
        applyServerErrors(error, setError, ['password', 'password_confirmation'])
          ? null
          : errorMessage(error),
      );
    }
  });
  return (
    <form className="form" onSubmit={submit} noValidate>
      {failure && <Notice kind="error">{failure}</Notice>}
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
        {submitLabel}
      </button>
    </form>
  );
}
