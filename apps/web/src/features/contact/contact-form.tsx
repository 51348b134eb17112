import { type ContactRequestPayload, NEED_OPTIONS } from '@skolar/shared';
import { dialPhone } from '@skolar/shared/rules/phone';
import { useQuery } from '@tanstack/react-query';
import { Send, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../lib/http.ts';
import { fetchMyDetails, sendContactRequest } from './api.ts';
import './contact.css';
import { TextField } from '../../ui/fields.tsx';
import { PhoneField } from '../../ui/phone-field.tsx';
import { ERROR_TOAST_MS } from '../../ui/toast-error.ts';

type NeedKey = (typeof NEED_OPTIONS)[number]['key'];

interface Values {
  first_name: string;
  last_name: string;
  email: string;
  /** The stored form ('fr0612345678'); the request carries its dial-code form. */
  phone: string;
  need: NeedKey;
  object: string;
  message: string;
}

const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'need', 'object', 'message'] as const;
type Field = (typeof FIELDS)[number];

/** Spec: the success toast shows 7 s. */
const CONTACT_SUCCESS_MS = 7000;

/**
 * The contact form. Guests: title, subtitle and a full-width Send. Signed-in users: the heading,
 * Cancel and Send, their details prefilled. No client-side validation (spec): the server's
 * first error of each field shows under it — need, object and message included.
 */
export function ContactForm({
  signedIn,
  headingId,
  headingLevel = 1,
  institutionId,
  object = '',
  need = 'contact',
  title,
}: {
  signedIn: boolean;
  headingId?: string;
  headingLevel?: 1 | 2;
  institutionId?: number | null;
  object?: string;
  /** The need chosen at first (the support page asks for 'support'). */
  need?: NeedKey;
  /** Replaces the signed-in heading 'contact' (e.g. on the support page). */
  title?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formId = useId();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, reset, setValue, control, formState } = useForm<Values>({
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      need,
      object,
      message: '',
    },
  });

  const details = useQuery({
    queryKey: ['contact', 'my-details'],
    queryFn: fetchMyDetails,
    enabled: signedIn,
    retry: false,
  });
  useEffect(() => {
    if (details.error) {
      toast.error(`${t('public.error')} : ${details.error.message}`, { duration: ERROR_TOAST_MS });
    }
  }, [details.error, t]);
  useEffect(() => {
    if (!details.data) return;
    setValue('first_name', details.data.first_name);
    setValue('last_name', details.data.last_name);
    setValue('email', details.data.email);
    if (details.data.phone) setValue('phone', details.data.phone);
  }, [details.data, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setFieldErrors({});
    setFailure(null);
    const need = NEED_OPTIONS.find((option) => option.key === values.need)?.value ?? 'contact';
    const body: ContactRequestPayload = {
      first_name: values.first_name,
      last_name: values.last_name,
      email: values.email,
      phone: dialPhone(values.phone),
      need,
      object: values.object,
      message: values.message,
      institution_id: signedIn ? undefined : (institutionId ?? undefined),
    };
    try {
      const answer = await sendContactRequest(signedIn, body);
      toast.success(answer?.message || t('public.contact.sent'), { duration: CONTACT_SUCCESS_MS });
      reset(
        signedIn
          ? { ...values, need, object: '', message: '' }
          : {
              ...values,
              first_name: '',
              last_name: '',
              email: '',
              phone: '',
              object: '',
              message: '',
              need,
            },
      );
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        const next: Partial<Record<Field, string>> = {};
        for (const field of FIELDS) {
          const first = error.errors[field]?.[0];
          if (first) next[field] = first;
        }
        setFieldErrors(next);
        if (Object.keys(next).length === 0) setFailure(error.message);
      } else {
        setFailure(error instanceof Error ? error.message : t('errors.generic'));
      }
    }
  });

  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  let heading: ReactNode;
  if (signedIn) {
    heading = (
      <Heading id={headingId} className="contact-form__title">
        {title ?? t('public.contact.heading')}
      </Heading>
    );
  } else {
    heading = (
      <>
        <Heading id={headingId} className="contact-form__title">
          {t('public.contact.title')}
        </Heading>
        <p className="contact-form__subtitle">{t('public.contact.subtitle')}</p>
      </>
    );
  }

  return (
    <form className="card contact-form" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <div className="contact-form__header">{heading}</div>
      {failure && (
        <div className="notice notice--error" role="alert">
          <TriangleAlert aria-hidden="true" size={18} />
          {failure}
        </div>
      )}
      <div className="contact-form__grid">
        <TextField
          label={t('public.contact.firstName')}
          autoComplete="given-name"
          error={
            fieldErrors.first_name ? { type: 'server', message: fieldErrors.first_name } : undefined
          }
          {...register('first_name')}
        />
        <TextField
          label={t('public.contact.lastName')}
          autoComplete="family-name"
          error={
            fieldErrors.last_name ? { type: 'server', message: fieldErrors.last_name } : undefined
          }
          {...register('last_name')}
        />
        <TextField
          label={t('public.contact.email')}
          type="email"
          autoComplete="email"
          error={fieldErrors.email ? { type: 'server', message: fieldErrors.email } : undefined}
          {...register('email')}
        />
        <Controller
          control={control}
          name="phone"
          render={({ field }) => (
            <PhoneField
              label={t('public.contact.phone')}
              {...field}
              error={fieldErrors.phone ? { type: 'server', message: fieldErrors.phone } : undefined}
            />
          )}
        />
        <div className="field">
          <label htmlFor={`${formId}-need`} className="field__label">
            {t('public.contact.need')}
          </label>
          <select
            id={`${formId}-need`}
            className="field__input"
            aria-invalid={fieldErrors.need ? true : undefined}
            aria-describedby={fieldErrors.need ? `${formId}-need-error` : undefined}
            {...register('need')}
          >
            {NEED_OPTIONS.map((option) => (
              <option key={option.key} value={option.key}>
                {t(`public.contact.needs.${option.key}`)}
              </option>
            ))}
          </select>
          {fieldErrors.need && (
            <p id={`${formId}-need-error`} className="field__error">
              {fieldErrors.need}
            </p>
          )}
        </div>
        <TextField
          label={t('public.contact.object')}
          error={fieldErrors.object ? { type: 'server', message: fieldErrors.object } : undefined}
          {...register('object')}
        />
        <div className="field contact-form__wide">
          <label htmlFor={`${formId}-message`} className="field__label">
            {t('public.contact.message')}
          </label>
          <textarea
            id={`${formId}-message`}
            className="field__input contact-form__message"
            rows={6}
            aria-invalid={fieldErrors.message ? true : undefined}
            aria-describedby={fieldErrors.message ? `${formId}-message-error` : undefined}
            {...register('message')}
          />
          {fieldErrors.message && (
            <p id={`${formId}-message-error`} className="field__error">
              {fieldErrors.message}
            </p>
          )}
        </div>
      </div>
      {signedIn ? (
        <div className="contact-form__actions">
          <button type="button" className="button button--ghost" onClick={() => navigate(-1)}>
            {t('public.contact.cancel')}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={formState.isSubmitting}
          >
            <Send aria-hidden="true" size={18} />
            {t('public.contact.send')}
          </button>
        </div>
      ) : (
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={formState.isSubmitting}
        >
          <Send aria-hidden="true" size={18} />
          {t('public.contact.send')}
        </button>
      )}
    </form>
  );
}
