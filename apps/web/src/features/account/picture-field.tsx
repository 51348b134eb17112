import type { ProfileAnswer } from '@skolar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { refreshSessionInfo } from '../../api/session.ts';
import { ApiError } from '../../lib/http.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { removePicture, uploadPicture } from './api.ts';

const MAX_BYTES = 2 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** The profile picture: a preview (the default avatar of the gender when there is none), a file picker (JPEG, PNG or WebP, 2 MB) and a remove button. */
export function PictureField({ profile }: { profile: ProfileAnswer }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const inputId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const done = async (answer: ProfileAnswer) => {
    client.setQueryData(['me', 'profile'], answer);
    await refreshSessionInfo().catch(() => undefined);
    toast.success(t('account.picture.saved'));
  };
  const fail = (failure: unknown) =>
    setError(failure instanceof ApiError ? failure.message : t('errors.generic'));
  const upload = useMutation({ mutationFn: uploadPicture, onSuccess: done, onError: fail });
  const remove = useMutation({ mutationFn: removePicture, onSuccess: done, onError: fail });

  return (
    <div className="picture-field">
      <Avatar
        person={profile}
        size={88}
        alt={profile.picture_link ? t('account.picture.alt') : t('account.picture.defaultAlt')}
      />
      <div className="picture-field__body">
        <div className="picture-field__actions">
          <label htmlFor={inputId} className="button button--ghost button--small">
            <ImageUp aria-hidden="true" size={16} />
            {t('account.picture.choose')}
          </label>
          <input
            id={inputId}
            className="sr-only"
            type="file"
            accept={TYPES.join(',')}
            aria-describedby={error ? errorId : undefined}
            disabled={upload.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              setError(null);
              if (!file) return;
              if (!TYPES.includes(file.type)) return setError(t('account.picture.type'));
              if (file.size > MAX_BYTES) return setError(t('account.picture.size'));
              upload.mutate(file);
            }}
          />
          {profile.picture_link && (
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
            >
              <Trash2 aria-hidden="true" size={16} />
              {t('account.picture.remove')}
            </button>
          )}
        </div>
        <p className="account-section__hint">{t('account.picture.hint')}</p>
        {error && (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
