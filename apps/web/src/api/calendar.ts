import type {
  CalendarEntries,
  CalendarEvent,
  CalendarFeed,
  EventBody,
  EventPatch,
  OccurrenceMove,
} from '@skolar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../lib/http.ts';

/** A half-open range of instants (ISO), as the calendar shows it. */
export interface VisibleRange {
  start: string;
  end: string;
}

const rangeSearch = (range: VisibleRange) =>
  `start=${encodeURIComponent(range.start)}&end=${encodeURIComponent(range.end)}`;

/** The calendar's entries of a range: occurrences of events and the courses' dated entries. */
export function useCalendarEntries(range: VisibleRange | null) {
  return useQuery({
    queryKey: ['calendar', 'entries', range],
    queryFn: () => http.get<CalendarEntries>(`/api/events?${rangeSearch(range!)}`),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** The student's planning of a range (the same entries, for the signed-in student). */
export function usePlanning(range: VisibleRange | null) {
  return useQuery({
    queryKey: ['calendar', 'planning', range],
    queryFn: () => http.get<CalendarEntries>(`/api/me/planning?${rangeSearch(range!)}`),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** One event (the whole series, for a repeated one). */
export function useCalendarEvent(id: number | null) {
  return useQuery({
    queryKey: ['calendar', 'event', id],
    queryFn: () => http.get<CalendarEvent>(`/api/events/${id}`),
    enabled: id !== null,
  });
}

export const createEvent = (body: EventBody) => http.post<CalendarEvent>('/api/events', body);

export const updateEvent = (id: number, patch: EventPatch) =>
  http.patch<CalendarEvent>(`/api/events/${id}`, patch);

export const deleteEvent = (id: number) => http.delete(`/api/events/${id}`);

/** Moves one occurrence of a series (`start`: its original start, ISO). */
export const moveOccurrence = (id: number, start: string, move: OccurrenceMove) =>
  http.put<unknown>(`/api/events/${id}/occurrences/${encodeURIComponent(start)}`, move);

/** Cancels one occurrence of a series (`start`: its original start, ISO). */
export const cancelOccurrence = (id: number, start: string) =>
  http.delete(`/api/events/${id}/occurrences/${encodeURIComponent(start)}`);

/** Whether the user has a private iCal feed, and since when. */
export function useCalendarFeed() {
  return useQuery({
    queryKey: ['calendar', 'feed'],
    queryFn: () => http.get<CalendarFeed>('/api/me/calendar-feed'),
  });
}

/** Creates (or replaces) the feed: the answer carries its address, shown once. */
export const createCalendarFeed = () => http.post<CalendarFeed>('/api/me/calendar-feed');

export const revokeCalendarFeed = () => http.delete('/api/me/calendar-feed');
