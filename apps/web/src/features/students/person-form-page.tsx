import { zodResolver } from '@hookform/resolvers/zod';
import { studentBody, teacherBody } from '@skolar/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { createPerson, type PersonKind, updatePerson, usePerson } from '../../api/people.ts';
import { usePromotionOptions } from '../../api/promotions.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { ApiError } from '../../lib/http.ts';
import { SelectField, TextField } from '../../ui/fields.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { usePageTitle } from '../../ui/page-title.ts';
import { PhoneField } from '../../ui/phone-field.tsx';
import { toastError } from '../../ui/toast-error.ts';
import '../../ui/cohorts.css';
import { formatPromotion } from '../../lib/format.ts';

const base = (kind: PersonKind) => (kind === 'student' ? '/students' : '/teachers');
const ns = (kind: PersonKind) => (kind === 'student' ? 'students' : 'teachers');

/** `/students/add`, `/students/edit/:id/:token` and the same for teachers. */
export function PersonFormPage({ kind }: { kind: PersonKind }) {
  const { t, i18n } = useTranslation();
  const n = ns(kind);
  const params = useParams();
  const id = params.id ? Number(params.id) : undefined;
  const token = params.token;
  const editing = id !== undefined && token !== undefined;
  usePageTitle(t(editing ? `${n}.edit` : `${n}.add`));
  const navigate = useNavigate();
  const client = useQueryClient();
  const existing = usePerson(kind, id ?? 0);
  const promotions = usePromotionOptions();
  const schema = kind === 'student' ? studentBody : teacherBody;

  const values = existing.data
    ? {
        first_name: existing.data.first_name,
        last_name: existing.data.last_name,
        email: existing.data.email,
        gender: existing.data.gender ?? 'Mme',
        phone: existing.data.phone ?? '',
        locale: existing.data.locale,
        role: existing.data.role === 'super-teacher' ? 'super-teacher' : 'teacher',
      }
    : undefined;

  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    // The two schemas share their fields; the teacher adds the role, the student the promotion.
    resolver: zodResolver(schema as typeof studentBody),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      gender: 'Mme' as const,
      phone: '',
      locale: 'fr' as const,
      promotion_id: null,
    },
    values: editing ? (values as never) : undefined,
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = editing
        ? await updatePerson(kind, id, body, token)
        : await createPerson(kind, body);
      await client.invalidateQueries({ queryKey: [kind] });
      toast.success(t(editing ? 'cohorts.saved' : `${n}.invited`));
      navigate(`${base(kind)}/${saved.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && editing) {
        toastError(error, t('cohorts.failed'));
        navigate(`${base(kind)}/${id}`);
        return;
      }
      if (
        !applyServerErrors(error, setError, [
          'first_name',
          'last_name',
          'email',
          'gender',
          'phone',
          'locale',
          'role',
          'promotion_id',
        ])
      ) {
        toastError(error, t('cohorts.failed'));
      }
    }
  });

  return (
    <div className="container page cohort-page">
      <PageHeader
        eyebrow={t(`${n}.title`)}
        title={t(editing ? `${n}.edit` : `${n}.add`)}
        back={{ to: editing ? `${base(kind)}/${id}` : base(kind), label: t('cohorts.back') }}
      />
      <form className="card cohort-form form" onSubmit={onSubmit} noValidate>
        {!editing && <p className="notice notice--info">{t(`${n}.inviteHint`)}</p>}
        <div className="cohort-form__grid">
          <TextField
            label={t('cohorts.fields.firstName')}
            autoComplete="off"
            error={errors.first_name}
            {...register('first_name')}
          />
          <TextField
            label={t('cohorts.fields.lastName')}
            autoComplete="off"
            error={errors.last_name}
            {...register('last_name')}
          />
          <TextField
            label={t('cohorts.fields.email')}
            type="email"
            autoComplete="off"
            error={errors.email}
            {...register('email')}
          />
          <SelectField
            label={t('cohorts.fields.gender')}
            error={errors.gender}
            {...register('gender')}
          >
            <option value="Mme">{t('cohorts.gender.Mme')}</option>
            <option value="Mr">{t('cohorts.gender.Mr')}</option>
          </SelectField>
          <Controller
            control={control}
            name="phone"
            render={({ field, fieldState }) => (
              <PhoneField label={t('cohorts.fields.phone')} {...field} error={fieldState.error} />
            )}
          />
          <SelectField
            label={t('cohorts.fields.locale')}
            error={errors.locale}
            {...register('locale')}
          >
            <option value="fr">Français</option>
            <option value="en">English</option>
            <option value="de">Deutsch</option>
          </SelectField>
          {kind === 'teacher' && (
            <SelectField
              label={t('cohorts.fields.role')}
              error={(errors as Record<string, never>).role}
              {...register('role' as never)}
            >
              <option value="teacher">{t('roles.teacher')}</option>
              <option value="super-teacher">{t('roles.super-teacher')}</option>
            </SelectField>
          )}
          {kind === 'student' && !editing && (
            <SelectField
              label={t('cohorts.fields.promotion')}
              error={errors.promotion_id}
              {...register('promotion_id', {
                setValueAs: (value: string) => (value ? Number(value) : null),
              })}
            >
              <option value="">{t('cohorts.none')}</option>
              {promotions.data?.map((promotion) => (
                <option key={promotion.id} value={promotion.id}>
                  {formatPromotion(promotion, i18n.language)}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        <div className="cohort-form__actions">
          <Link to={base(kind)} className="button button--ghost">
            {t('cohorts.cancel')}
          </Link>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {t(editing ? 'cohorts.save' : `${n}.create`)}
          </button>
        </div>
      </form>
    </div>
  );
}

export const StudentFormPage = () => <PersonFormPage kind="student" />;
export const TeacherFormPage = () => <PersonFormPage kind="teacher" />;
