import type { PublicInstitution, PublicTraining, PublicTrainingDetails } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

/** Public trainings (no sign-in). */
export const usePublicTrainings = () =>
  useQuery({
    queryKey: ['catalogue', 'trainings'],
    queryFn: () => http.get<PublicTraining[]>('/api/event/training'),
  });

/** Institutions of the public site. */
export const usePublicInstitutions = () =>
  useQuery({
    queryKey: ['catalogue', 'institutions'],
    queryFn: () => http.get<PublicInstitution[]>('/api/event/institution'),
  });

/** One public training. */
export const usePublicTraining = (id: number) =>
  useQuery({
    queryKey: ['catalogue', 'trainings', id],
    queryFn: () => http.get<PublicTrainingDetails>(`/api/event/training/${id}`),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

/** Trainings grouped per institution, in the order the institutions first appear. */
export function groupByInstitution(trainings: readonly PublicTraining[]) {
  const groups = new Map<number, { institution: PublicInstitution; trainings: PublicTraining[] }>();
  for (const training of trainings) {
    const group = groups.get(training.institution.id);
    if (group) group.trainings.push(training);
    else
      groups.set(training.institution.id, {
        institution: training.institution,
        trainings: [training],
      });
  }
  return [...groups.values()];
}
