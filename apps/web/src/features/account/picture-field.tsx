import type { ProfileAnswer } from '@skolar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { refreshSessionInfo } from '../../api/session.ts';
import { ApiError } from '../../lib/http.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { FilePicker, IMAGE_FILES, MAX_BYTES } from '../../ui/file-picker.tsx';
import { removePicture, uploadPicture } from './api.ts';

/** The profile picture: a preview (the default avatar of the gender when there is none), a file picker (PNG, JPEG or WebP, 2 MB) and a remove button. */
export function PictureField({ profile }: { profile: ProfileAnswer }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const done = async (answer: ProfileAnswer) => {
    client.setQueryData(['me', 'profile'], answer);
    await refreshSessionInfo().catch(() => undefined);
    toast.success(t('account.picture.saved'));
  };
  const fail = (failure: unknown) =>
    setError(failure instanceof ApiError ? failure.message : t('errors.generic'));
  const upload = useMutation({
    mutationFn: (file: File) => uploadPicture(file),
    onSuccess: done,
    onError: fail,
  });
  const remove = useMutation({ mutationFn: removePicture, onSuccess: done, onError: fail });

  return (
    <div className="picture-field">
      <Avatar
        person={profile}
        size={88}
        alt={profile.picture_link ? t('account.picture.alt') : t('account.picture.defaultAlt')}
      />
      <div className="picture-field__body">
        <FilePicker
          label={t('account.picture.label')}
          accept={IMAGE_FILES}
          maxSize={MAX_BYTES.picture}
          file={upload.isPending ? upload.variables : null}
          disabled={upload.isPending}
          error={error}
          onFile={(file) => {
            setError(null);
            upload.mutate(file);
          }}
        />
        {profile.picture_link && (
          <div className="picture-field__actions">
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
            >
              <Trash2 aria-hidden="true" size={16} />
              {t('account.picture.remove')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
