import type { StepUpTarget } from '@skolar/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { StepUpDialog } from './step-up-dialog.tsx';

/**
 * Opens the password confirmation before an edit screen whose route carries the step-up token
 * (`<base>/edit/<id>/<token>`); the token serves one edit of that row. Answers the dialog to render and the function that starts it.
 */
export function useStepUpEdit(base: string, entity: StepUpTarget['entity']) {
  const navigate = useNavigate();
  const [target, setTarget] = useState<number | null>(null);
  const dialog = (
    <StepUpDialog
      open={target !== null}
      target={target === null ? undefined : { entity, id: target }}
      onOpenChange={(open) => {
        if (!open) setTarget(null);
      }}
      onConfirmed={(token) => {
        const id = target;
        setTarget(null);
        if (id !== null) void navigate(`${base}/edit/${id}/${encodeURIComponent(token)}`);
      }}
    />
  );
  return [dialog, (id: number) => setTarget(id)] as const;
}
