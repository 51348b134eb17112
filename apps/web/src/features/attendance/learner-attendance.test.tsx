import type { AttendanceSummary } from '@skolar/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { LearnerAttendance } from './learner-attendance.tsx';

const counts = { present: 0, late: 0, absent: 0, excused: 0, unmarked: 0 };

/** Développeur web: 750 of 840 minutes (a late half-day, an absence); a session without training. */
const SUMMARY: AttendanceSummary = {
  student: { id: 9, first_name: 'Léa', last_name: 'Dubois' },
  from: '2026-11-01',
  to: '2026-11-30',
  trainings: [
    {
      training: { id: 3, title: 'Développeur web', threshold: null },
      sessions: 7,
      half_days: 14,
      planned_minutes: 840,
      attended_minutes: 750,
      rate: 750 / 840,
      counts: { ...counts, present: 12, late: 1, absent: 1 },
      below: false,
    },
    {
      training: null,
      sessions: 1,
      half_days: 1,
      planned_minutes: 120,
      attended_minutes: 0,
      rate: 0,
      counts: { ...counts, excused: 1 },
      below: false,
    },
  ],
  total: {
    sessions: 8,
    half_days: 15,
    planned_minutes: 960,
    attended_minutes: 750,
    rate: 750 / 960,
    counts: { ...counts, present: 12, late: 1, absent: 1, excused: 1 },
  },
};

/** The API answering the summary with `answer`; the periods asked, as `from to`. */
function api(answer: (from: string, to: string) => Response) {
  const asked: string[] = [];
  mockFetch((url) => {
    const found = /\/api\/attendance\/learners\/9\/summary\?(.*)$/.exec(url);
    if (!found) throw new Error(`Unexpected request ${url}`);
    const query = new URLSearchParams(found[1]);
    const period = [query.get('from') ?? '', query.get('to') ?? ''] as const;
    asked.push(period.join(' '));
    return answer(...period);
  });
  return asked;
}

beforeEach(() => {
  // Monday 23 November 2026, in the morning: the period is November at first.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 23, 10));
});

afterEach(() => vi.useRealTimers());

describe('a learner’s attendance', () => {
  it('shows hours attended of planned and the rate per training and in all, with the documents', async () => {
    const asked = api(() => jsonResponse(200, SUMMARY));
    renderWithProviders(<LearnerAttendance studentId={9} />);
    const table = await screen.findByRole('table', {
      name: /Assiduité de Léa Dubois : 1.*30 nov\. 2026/,
    });
    expect(asked).toEqual(['2026-11-01 2026-11-30']);
    expect(screen.getByLabelText('Du')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Au')).toHaveValue('2026-11-30');

    const [, web, none, total] = within(table).getAllByRole('row');
    expect(within(web!).getByRole('rowheader')).toHaveTextContent('Développeur web');
    expect(within(web!).getByText('12,5 h / 14 h')).toBeInTheDocument();
    expect(within(web!).getByText('89,3 %')).toBeInTheDocument();
    expect(within(none!).getByRole('rowheader')).toHaveTextContent('Sans formation');
    expect(within(none!).getByText('0 %')).toBeInTheDocument();
    expect(within(none!).queryByRole('link')).toBeNull();
    expect(within(total!).getByRole('rowheader')).toHaveTextContent('Total');
    expect(within(total!).getByText('12,5 h / 16 h')).toBeInTheDocument();
    expect(within(total!).getByText('78,1 %')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Feuille d’émargement (PDF)' })).toHaveAttribute(
      'href',
      '/api/attendance/learners/9/sheet.pdf?from=2026-11-01&to=2026-11-30&locale=fr',
    );
    expect(
      within(web!).getByRole('link', { name: 'Attestation (PDF) : Développeur web' }),
    ).toHaveAttribute(
      'href',
      '/api/attendance/learners/9/certificate.pdf?from=2026-11-01&to=2026-11-30&training_id=3&locale=fr',
    );
    expect(
      within(total!).getByRole('link', { name: 'Attestation (PDF) : toutes les séances' }),
    ).toHaveAttribute(
      'href',
      '/api/attendance/learners/9/certificate.pdf?from=2026-11-01&to=2026-11-30&locale=fr',
    );
  });

  it('shows a training’s threshold and flags a rate under it, in words', async () => {
    const [web, none] = SUMMARY.trainings;
    api(() =>
      jsonResponse(200, {
        ...SUMMARY,
        trainings: [
          { ...web!, training: { ...web!.training!, threshold: 95 }, below: true },
          none!,
        ],
      }),
    );
    renderWithProviders(<LearnerAttendance studentId={9} />);
    const table = await screen.findByRole('table');
    const [, webRow, noneRow, totalRow] = within(table).getAllByRole('row');
    expect(within(webRow!).getByRole('rowheader')).toHaveTextContent(
      /^Développeur webseuil 95\s%$/,
    );
    const rate = within(webRow!).getByText('89,3 %');
    expect(rate).toHaveTextContent(/^89,3\s%Sous le seuil$/);
    expect(within(noneRow!).queryByText('Sous le seuil')).toBeNull();
    expect(within(totalRow!).queryByText('Sous le seuil')).toBeNull();
  });

  it('moves to another month and keeps a period the API refuses from being asked', async () => {
    const asked = api((from, to) => jsonResponse(200, { ...SUMMARY, from, to }));
    renderWithProviders(<LearnerAttendance studentId={9} />);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Mois précédent' }));
    await waitFor(() => expect(asked).toContain('2026-10-01 2026-10-31'));
    expect(
      await screen.findByRole('link', { name: 'Attestation (PDF) : Développeur web' }),
    ).toHaveAttribute(
      'href',
      '/api/attendance/learners/9/certificate.pdf?from=2026-10-01&to=2026-10-31&training_id=3&locale=fr',
    );

    const to = screen.getByLabelText('Au');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-09-01');
    expect(await screen.findByText('La fin de la période précède son début.')).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(asked).toEqual(['2026-11-01 2026-11-30', '2026-10-01 2026-10-31']);
  });

  it('puts the API’s refusal of the period under its field', async () => {
    api(() =>
      jsonResponse(422, { message: 'Données invalides.', errors: { to: ['Un an au plus.'] } }),
    );
    renderWithProviders(<LearnerAttendance studentId={9} />);
    expect(await screen.findByText('Un an au plus.')).toBeInTheDocument();
    expect(screen.getByLabelText('Au')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows nothing to a reader the API refuses', async () => {
    const asked = api(() => jsonResponse(403, { message: 'Accès refusé.' }));
    const { container } = renderWithProviders(<LearnerAttendance studentId={9} />);
    await waitFor(() => expect(asked).toHaveLength(1));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
