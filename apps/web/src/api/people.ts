import type { Person, PersonDetail, PersonRow, StudentBody, TeacherBody } from '@skolar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, stepUpHeader } from '../lib/http.ts';
import { type ListAnswer, type ListState, listSearch } from '../lib/list-state.ts';

export type PersonKind = 'student' | 'teacher';

/** `/api/students` or `/api/teachers`. */
export const peoplePath = (kind: PersonKind) =>
  kind === 'student' ? '/api/students' : '/api/teachers';

export function usePeople(kind: PersonKind, state: ListState, promotionId?: number) {
  const extra = promotionId ? `&promotion_id=${promotionId}` : '';
  return useQuery({
    queryKey: [kind, 'list', state, promotionId],
    queryFn: () =>
      http.get<ListAnswer<PersonRow>>(`${peoplePath(kind)}?${listSearch(state)}${extra}`),
    placeholderData: keepPreviousData,
  });
}

export function usePerson(kind: PersonKind, id: number) {
  return useQuery({
    queryKey: [kind, 'detail', id],
    queryFn: () => http.get<PersonDetail>(`${peoplePath(kind)}/${id}`),
    enabled: id > 0,
  });
}

export const createPerson = (kind: PersonKind, body: StudentBody | TeacherBody) =>
  http.post<Person>(peoplePath(kind), body);

export const updatePerson = (
  kind: PersonKind,
  id: number,
  body: StudentBody | TeacherBody,
  token: string,
) => http.patch<Person>(`${peoplePath(kind)}/${id}`, body, stepUpHeader(token));

/** First name then last name, as lists and headings show a person. */
export const fullName = (p: { first_name: string; last_name: string }) =>
  `${p.first_name} ${p.last_name}`;
