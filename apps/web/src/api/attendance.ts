import type {
  AttendanceMarkEntry,
  AttendanceSessionBody,
  CheckInBody,
  JustificationBody,
  JustificationDecisionBody,
  JustificationStatus,
  MySignatureBody,
  SignatureBody,
} from '@skolar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, fileBody, ok } from './client.ts';

// Attendance (issue 32): the day's sessions, a session's roll call, check-in codes, check-in,
// a learner's attendance over a period and the attendance documents (PDF).

/** The query key of a session's roll call (`GET /api/attendance/sessions/:id`). */
export const attendanceSheetKey = (id: number) => ['attendance', 'session', id] as const;

/** Staff: the sessions of a day (in the institution's zone), opened or not. */
export function useAttendanceSessions(day: string | null) {
  return useQuery({
    queryKey: ['attendance', 'sessions', day],
    queryFn: () =>
      ok(
        api.GET('/api/attendance/sessions', {
          params: { query: day === null ? {} : { from: day, to: day } },
        }),
      ),
  });
}

/**
 * Staff: a session's roll call; `live` polls it every few seconds (while the check-in code is
 * shown, the list fills as learners check in).
 */
export function useAttendanceSheet(id: number, live = false) {
  return useQuery({
    queryKey: attendanceSheetKey(id),
    queryFn: () => ok(api.GET('/api/attendance/sessions/{id}', { params: { path: { id } } })),
    refetchInterval: live ? 2000 : false,
  });
}

/** Opens the session of a calendar entry (created the first time); answers its roll call. */
export const openAttendanceSession = (key: string) =>
  ok(api.POST('/api/attendance/sessions/open', { body: { key } }));

/** Creates a session by hand. */
export const createAttendanceSession = (body: AttendanceSessionBody) =>
  ok(api.POST('/api/attendance/sessions', { body }));

/** Closes or reopens a session, or changes its check-in margins. */
export const updateAttendanceSession = (
  id: number,
  body: { closed?: boolean; checkin_before_minutes?: number; checkin_after_minutes?: number },
) => ok(api.PATCH('/api/attendance/sessions/{id}', { params: { path: { id } }, body }));

/** Deletes a session created by hand. */
export const deleteAttendanceSession = (id: number) =>
  ok(api.DELETE('/api/attendance/sessions/{id}', { params: { path: { id } } }));

/** Saves lines of the roll call; answers the refreshed roll call. */
export const saveAttendanceMarks = (id: number, marks: AttendanceMarkEntry[]) =>
  ok(api.PUT('/api/attendance/sessions/{id}/marks', { params: { path: { id } }, body: { marks } }));

/** A fresh check-in code for the trainer's screen. */
export const issueCheckInCode = (id: number) =>
  ok(api.POST('/api/attendance/sessions/{id}/codes', { params: { path: { id } } }));

/** A learner checks in with the QR code's token or the code typed. */
export const checkIn = (body: CheckInBody) => ok(api.POST('/api/attendance/check-in', { body }));

/** A learner signs a half-day on their own device; answers the receipt. */
export const signMyHalfDay = (id: number, body: MySignatureBody) =>
  ok(api.POST('/api/attendance/sessions/{id}/my-signature', { params: { path: { id } }, body }));

/** On the trainer's device: a learner's signature, the trainer's, or a correction. */
export const signOnTrainerDevice = (id: number, body: SignatureBody) =>
  ok(api.POST('/api/attendance/sessions/{id}/signatures', { params: { path: { id } }, body }));

/** The address of the CSV of the days asked, in the reader's language (a download link). */
export const attendanceCsvUrl = (from: string, to: string, locale: string) =>
  `/api/attendance/export.csv?${new URLSearchParams({ from, to, locale })}`;

/** The query key of a learner's attendance over the days (`GET …/learners/:id/summary`). */
const learnerAttendanceKey = (studentId: number, from: string, to: string) =>
  ['attendance', 'learner', studentId, from, to] as const;

/**
 * Staff: a learner's attendance over the days (a year at most), per training and in all: hours
 * attended of hours planned on the sessions where attendance was taken. The previous period stays
 * shown while the next one loads.
 */
export function useLearnerAttendance(studentId: number, from: string, to: string) {
  return useQuery({
    queryKey: learnerAttendanceKey(studentId, from, to),
    queryFn: () =>
      ok(
        api.GET('/api/attendance/learners/{id}/summary', {
          params: { path: { id: studentId }, query: { from, to } },
        }),
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The address of a session's attendance sheet (PDF), in the reader's language (a download link). */
export const sessionSheetPdfUrl = (id: number, locale: string) =>
  `/api/attendance/sessions/${id}/sheet.pdf?${new URLSearchParams({ locale })}`;

/** The days, the training (every session when absent) and the language of a learner's document. */
export interface LearnerDocumentQuery {
  from: string;
  to: string;
  trainingId?: number;
  locale: string;
}

const learnerDocumentSearch = ({ from, to, trainingId, locale }: LearnerDocumentQuery) =>
  new URLSearchParams({
    from,
    to,
    ...(trainingId === undefined ? {} : { training_id: String(trainingId) }),
    locale,
  });

/** The address of a learner's attendance sheet over the days (PDF, a download link). */
export const learnerSheetPdfUrl = (studentId: number, query: LearnerDocumentQuery) =>
  `/api/attendance/learners/${studentId}/sheet.pdf?${learnerDocumentSearch(query)}`;

/** The address of a learner's certificate of attendance over the days (PDF, a download link). */
export const learnerCertificatePdfUrl = (studentId: number, query: LearnerDocumentQuery) =>
  `/api/attendance/learners/${studentId}/certificate.pdf?${learnerDocumentSearch(query)}`;

/**
 * The query key of the justifications of absences (`GET /api/attendance/justifications`): the
 * prefix of every status asked; a submission or a decision invalidates it.
 */
export const justificationsKey = ['attendance', 'justifications'] as const;

/**
 * Justifications of absences, the pending ones first: a learner's own, or the institution's for
 * its admins and super-teachers (a teacher is refused: never asked for them). Every status when
 * `status` is absent.
 */
export function useJustifications(status?: JustificationStatus) {
  return useQuery({
    queryKey: [...justificationsKey, status ?? 'all'],
    queryFn: () =>
      ok(
        api.GET('/api/attendance/justifications', {
          params: { query: status === undefined ? {} : { status } },
        }),
      ),
  });
}

/**
 * A learner justifies their absences of some days (multipart: `from`, `to` and `reason` first,
 * then the document in `file`); answers the justification, pending.
 */
export function submitJustification({ from, to, reason }: JustificationBody, file: File) {
  const form = new FormData();
  form.append('from', from);
  form.append('to', to);
  form.append('reason', reason);
  form.append('file', file);
  return ok(api.POST('/api/attendance/justifications', fileBody(form)));
}

/** An admin accepts (the absences of those days become excused) or refuses a justification. */
export const decideJustification = (id: number, body: JustificationDecisionBody) =>
  ok(api.POST('/api/attendance/justifications/{id}/decision', { params: { path: { id } }, body }));

/**
 * The rates of the dashboards and the promotion's page (decision 199): over the days asked, or
 * the academic year so far (from 1 September, in the institution's zone) when neither is given.
 * Their query keys share the prefix `['attendance', 'rates']`.
 */
const ratesKey = ['attendance', 'rates'] as const;

/** A learner: their own attendance per training, each with its threshold and whether under it. */
export function useMyAttendance(from?: string, to?: string) {
  return useQuery({
    queryKey: [...ratesKey, 'me', from ?? '', to ?? ''],
    queryFn: () => ok(api.GET('/api/attendance/me/summary', { params: { query: { from, to } } })),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * Staff: each learner of a promotion, per training, on the sessions the reader sees. The previous
 * period stays shown while the next one loads.
 */
export function usePromotionAttendance(promotionId: number, from?: string, to?: string) {
  return useQuery({
    queryKey: [...ratesKey, 'promotion', promotionId, from ?? '', to ?? ''],
    queryFn: () =>
      ok(
        api.GET('/api/attendance/promotions/{id}/summary', {
          params: { path: { id: promotionId }, query: { from, to } },
        }),
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Staff: the learners under their training's threshold this academic year, lowest rate first. */
export function useAttendanceAlerts() {
  return useQuery({
    queryKey: [...ratesKey, 'alerts'],
    queryFn: () => ok(api.GET('/api/attendance/alerts')),
    retry: false,
  });
}
