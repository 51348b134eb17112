import type { EventBody, EventPatch, OccurrenceMove } from '@skolar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, ok } from './client.ts';

/** A half-open range of instants (ISO), as the calendar shows it. */
export interface VisibleRange {
  start: string;
  end: string;
}

/** The calendar's entries of a range: occurrences of events and the courses' dated entries. */
export function useCalendarEntries(range: VisibleRange | null) {
  return useQuery({
    queryKey: ['calendar', 'entries', range],
    queryFn: () => ok(api.GET('/api/events', { params: { query: range! } })),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** The student's planning of a range (the same entries, for the signed-in student). */
export function usePlanning(range: VisibleRange | null) {
  return useQuery({
    queryKey: ['calendar', 'planning', range],
    queryFn: () => ok(api.GET('/api/me/planning', { params: { query: range! } })),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** One event (the whole series, for a repeated one). */
export function useCalendarEvent(id: number | null) {
  return useQuery({
    queryKey: ['calendar', 'event', id],
    queryFn: () => ok(api.GET('/api/events/{id}', { params: { path: { id: id! } } })),
    enabled: id !== null,
  });
}

export const createEvent = (body: EventBody) => ok(api.POST('/api/events', { body }));

export const updateEvent = (id: number, patch: EventPatch) =>
  ok(api.PATCH('/api/events/{id}', { params: { path: { id } }, body: patch }));

export const deleteEvent = (id: number) =>
  ok(api.DELETE('/api/events/{id}', { params: { path: { id } } }));

/** Moves one occurrence of a series (`start`: its original start, ISO). */
export const moveOccurrence = (id: number, start: string, move: OccurrenceMove) =>
  ok(
    api.PUT('/api/events/{id}/occurrences/{start}', {
      params: { path: { id, start } },
      body: move,
    }),
  );

/** Cancels one occurrence of a series (`start`: its original start, ISO). */
export const cancelOccurrence = (id: number, start: string) =>
  ok(api.DELETE('/api/events/{id}/occurrences/{start}', { params: { path: { id, start } } }));

/** Whether the user has a private iCal feed, and since when. */
export function useCalendarFeed() {
  return useQuery({
    queryKey: ['calendar', 'feed'],
    queryFn: () => ok(api.GET('/api/me/calendar-feed')),
  });
}

/** Creates (or replaces) the feed: the answer carries its address, shown once. */
export const createCalendarFeed = () => ok(api.POST('/api/me/calendar-feed'));

export const revokeCalendarFeed = () => ok(api.DELETE('/api/me/calendar-feed'));
