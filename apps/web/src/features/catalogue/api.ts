import type { PublicInstitution, PublicTraining } from '@skolar/shared';
import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../api/client.ts';

/** Public trainings (no sign-in). */
export const usePublicTrainings = () =>
  useQuery({
    queryKey: ['catalogue', 'trainings'],
    queryFn: () => ok(api.GET('/api/event/training')),
  });

/** Institutions of the public site. */
export const usePublicInstitutions = () =>
  useQuery({
    queryKey: ['catalogue', 'institutions'],
    queryFn: () => ok(api.GET('/api/event/institution')),
  });

/** One public training. */
export const usePublicTraining = (id: number) =>
  useQuery({
    queryKey: ['catalogue', 'trainings', id],
    queryFn: () => ok(api.GET('/api/event/training/{id}', { params: { path: { id } } })),
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
