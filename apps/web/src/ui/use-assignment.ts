import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { type AssignmentUrl, callUrl } from '../api/client.ts';
import { toastError } from './toast-error.ts';

interface AssignmentOptions<A> {
  /** `PUT <path> { ids }` assigns, `DELETE <path>/<id>` dissociates. */
  path: AssignmentUrl;
  /** Query keys refreshed after a change. */
  invalidate: readonly QueryKey[];
  /** The screen's words: its success toasts and, where it has one, its failure fallback. */
  texts: { assigned: string; dissociated: string; failed?: string };
  /** Runs with the API's answer before the refresh. */
  onAssigned?: (answer: A) => void;
}

/** The two changes of an association screen, each with its toast and the refresh of its lists. */
export function useAssignment<A = unknown>({
  path,
  invalidate,
  texts,
  onAssigned,
}: AssignmentOptions<A>) {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
  const assign = useMutation({
    mutationFn: (ids: number[]) => callUrl<A>('PUT', path, { body: { ids } }),
    onSuccess: async (answer) => {
      onAssigned?.(answer);
      toast.success(texts.assigned);
      await refresh();
    },
    onError: (error) => toastError(error, texts.failed),
  });
  const dissociate = async (id: number) => {
    try {
      await callUrl('DELETE', `${path}/${id}`);
      toast.success(texts.dissociated);
      await refresh();
    } catch (error) {
      toastError(error, texts.failed);
    }
  };
  return { assign, dissociate };
}
