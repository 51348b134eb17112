import type { PagePath, StepUpTarget } from '@skolar/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pagePath } from '../lib/page-path.ts';
import { StepUpDialog } from './step-up-dialog.tsx';

/** Where an edit route behind a step-up lives: `/users` for `/users/edit/:id/:token`… */
export type StepUpBase = PagePath extends infer P
  ? P extends `${infer Base}/edit/:id/:token`
    ? Base
    : never
  : never;

/**
 * Opens the password confirmation before an edit screen whose route carries the step-up token
 * (`<base>/edit/<id>/<token>`); the token serves one edit of that row. Answers the dialog to render and the function that starts it.
 */
export function useStepUpEdit(base: StepUpBase, entity: StepUpTarget['entity']) {
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
        if (id !== null) void navigate(pagePath(`${base}/edit/:id/:token`, { id, token }));
      }}
    />
  );
  return [dialog, (id: number) => setTarget(id)] as const;
}
