import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Where a subject's lessons live: `/<moduleId>/<subjectId>`, under the first module the subject
 * was linked to, or `0` when it is in none (the lesson screens read the subject from the path).
 */
export const lessonsBase = (subject: { id: number; modules: readonly { id: number }[] }) =>
  `/${subject.modules[0]?.id ?? 0}/${subject.id}`;

/** A coefficient as the interface's language writes it (1,5 in French and German). */
export function useCoefficient() {
  const { i18n } = useTranslation();
  return useCallback(
    (value: number) => new Intl.NumberFormat(i18n.language, { useGrouping: false }).format(value),
    [i18n.language],
  );
}
