import type { StudentBody, TeacherBody } from '@skolar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { stepUpHeader } from '../lib/http.ts';
import { type ListState, listQuery } from '../lib/list-state.ts';
import { api, ok } from './client.ts';

export type PersonKind = 'student' | 'teacher';

/** `/api/students` or `/api/teachers`. */
export const peoplePath = (kind: PersonKind) =>
  kind === 'student' ? ('/api/students' as const) : ('/api/teachers' as const);

export function usePeople(kind: PersonKind, state: ListState, promotionId?: number) {
  return useQuery({
    queryKey: [kind, 'list', state, promotionId],
    queryFn: () =>
      ok(
        api.GET(peoplePath(kind), {
          params: { query: { ...listQuery(state), promotion_id: promotionId || undefined } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function usePerson(kind: PersonKind, id: number) {
  return useQuery({
    queryKey: [kind, 'detail', id],
    queryFn: () => ok(api.GET(`${peoplePath(kind)}/{id}`, { params: { path: { id } } })),
    enabled: id > 0,
  });
}

export const createPerson = (kind: PersonKind, body: StudentBody | TeacherBody) =>
  ok(api.POST(peoplePath(kind), { body }));

export const updatePerson = (
  kind: PersonKind,
  id: number,
  body: StudentBody | TeacherBody,
  token: string,
) =>
  ok(
    api.PATCH(`${peoplePath(kind)}/{id}`, {
      params: { path: { id } },
      body,
      headers: stepUpHeader(token),
    }),
  );

/** First name then last name, as lists and headings show a person. */
export const fullName = (p: { first_name: string; last_name: string }) =>
  `${p.first_name} ${p.last_name}`;
