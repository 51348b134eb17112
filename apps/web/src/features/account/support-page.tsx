import { LifeBuoy } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useSession } from '../../app/session.ts';
import { usePageTitle } from '../../ui/page-title.ts';
import { TextField } from '../../ui/text-field.tsx';
import { AccountCard, Notice } from './account-ui.tsx';
import { type SupportRequest, sendSupportRequest } from './api.ts';
import { applyServerErrors } from './form-errors.ts';

const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'need', 'object', 'message'] as const;

/**
 * `/support`: a signed-in user writes to the support (`POST /api/auth/user-request`). As the
 * spec's contact form, it has no client-side validation; the server's field errors show under
 * their fields and its message in a toast for 7 seconds.
 */
export function SupportPage() {
  const { t } = useTranslation();
  const { info } = useSession();
  const ids = { need: useId(), message: useId() };
  const [failure, setFailure] = useState<string | null>(null);
  usePageTitle(t('account.support.title'));
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SupportRequest>({
    values: {
      first_name: info?.first_name ?? '',
      last_name: info?.last_name ?? '',
      email: info?.email ?? '',
      phone: (info?.phone ?? '').replace(/^[a-z]{2}(?=\d)/, ''),
      need: 'support',
      object: '',
      message: '',
    },
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    setFailure(null);
    try {
      const { message } = await sendSupportRequest(values);
      toast.success(message || t('account.support.sent'), { duration: 7000 });
      reset({ ...values, object: '', message: '' });
    } catch (error) {
      setFailure(applyServerErrors(error, FIELDS, setError));
    }
  });

  return (
    <AccountCard
      icon={<LifeBuoy size={22} />}
      title={t('account.support.title')}
      subtitle={t('account.support.subtitle')}
    >
      {failure && <Notice kind="error">{failure}</Notice>}
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="account-grid">
          <TextField
            label={t('account.fields.firstName')}
            autoComplete="given-name"
            error={errors.first_name}
            {...register('first_name')}
          />
          <TextField
            label={t('account.fields.lastName')}
            autoComplete="family-name"
            error={errors.last_name}
            {...register('last_name')}
          />
        </div>
        <TextField
          label={t('account.fields.email')}
          type="email"
          autoComplete="email"
          error={errors.email}
          {...register('email')}
        />
        <TextField
          label={t('account.fields.phone')}
          type="tel"
          autoComplete="tel"
          error={errors.phone}
          {...register('phone')}
        />
        <div className="field">
          <label className="field__label" htmlFor={ids.need}>
            {t('account.support.need')}
          </label>
          <select id={ids.need} className="field__select" {...register('need')}>
            <option value="support">{t('account.support.needs.support')}</option>
            <option value="contact">{t('account.support.needs.contact')}</option>
            <option value="demo">{t('account.support.needs.demo')}</option>
          </select>
          {errors.need?.message && <p className="field__error">{errors.need.message}</p>}
        </div>
        <TextField
          label={t('account.support.object')}
          error={errors.object}
          {...register('object')}
        />
        <div className="field">
          <label className="field__label" htmlFor={ids.message}>
            {t('account.support.message')}
          </label>
          <textarea
            id={ids.message}
            className="field__textarea"
            aria-invalid={errors.message ? true : undefined}
            {...register('message')}
          />
          {errors.message?.message && <p className="field__error">{errors.message.message}</p>}
        </div>
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={isSubmitting}
        >
          {t('account.support.submit')}
        </button>
      </form>
    </AccountCard>
  );
}
