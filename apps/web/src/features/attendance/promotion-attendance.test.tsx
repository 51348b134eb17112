import type { PromotionAttendance as PromotionAttendanceWire } from '@skolar/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signedInAs } from '../../test/session.ts';
import { PromotionAttendance } from './promotion-attendance.tsx';

const counts = { present: 0, late: 0, absent: 0, excused: 0, unmarked: 0 };
const totals = (attended: number, planned: number) => ({
  sessions: 2,
  half_days: 4,
  planned_minutes: planned,
  attended_minutes: attended,
  rate: planned === 0 ? null : attended / planned,
  counts: { ...counts, present: 4 },
});
const WEB = { id: 3, title: 'Développeur web', threshold: 80 };
const ALGO = { id: 4, title: 'Algorithmique', threshold: null };

/**
 * Léa: 90 % in Développeur web (threshold 80 %), 100 % in Algorithmique; Enzo: 60 % in
 * Développeur web, under its threshold, and no session of Algorithmique.
 */
const ANSWER: PromotionAttendanceWire = {
  promotion: { id: 7, name: 'L3 2026-2027' },
  from: '2026-09-01',
  to: '2026-11-23',
  learners: [
    {
      student: { id: 21, first_name: 'Léa', last_name: 'Dubois' },
      trainings: [
        { ...totals(120, 120), training: ALGO, below: false },
        { ...totals(540, 600), training: WEB, below: false },
      ],
      total: totals(660, 720),
    },
    {
      student: { id: 22, first_name: 'Enzo', last_name: 'Durand' },
      trainings: [{ ...totals(360, 600), training: WEB, below: true }],
      total: totals(360, 600),
    },
  ],
};

/** The API answering the promotion's summary with `answer`; the queries asked. */
function api(answer: (query: URLSearchParams) => Response) {
  const asked: string[] = [];
  mockFetch((url) => {
    const found = /^\/api\/attendance\/promotions\/7\/summary\??(.*)$/.exec(url);
    if (!found) throw new Error(`Unexpected request ${url}`);
    asked.push(found[1] ?? '');
    return answer(new URLSearchParams(found[1]));
  });
  return asked;
}

function renderSection() {
  const router = createMemoryRouter(
    [{ path: '/', element: <PromotionAttendance promotionId={7} /> }],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
}

/** A rate of the table as the French interface writes it (a narrow no-break space before %). */
const percent = (text: string) => new RegExp(`^${text}\\s%$`);

describe('a promotion’s attendance', () => {
  it('shows each learner’s rate per training and in all, with the flag under a threshold', async () => {
    await signedInAs('admin');
    const asked = api(() => jsonResponse(200, ANSWER));
    renderSection();
    const section = screen.getByRole('region', { name: 'Assiduité' });
    const table = await within(section).findByRole('table', {
      name: /Assiduité de la promotion L3 2026-2027 : 1.*23 nov\. 2026/,
    });
    // The academic year so far: no days asked.
    expect(asked).toEqual(['']);
    expect(
      within(section).getByText(
        /^Période : l’année universitaire jusqu’à aujourd’hui \(1.*23 nov\. 2026\)$/,
      ),
    ).toBeInTheDocument();

    const [head, lea, enzo] = within(table).getAllByRole('row');
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Apprenant',
      'Algorithmique',
      expect.stringMatching(/^Développeur webseuil 80\s%$/),
      'Total',
    ]);

    expect(within(lea!).getByRole('link', { name: 'Dubois Léa' })).toHaveAttribute(
      'href',
      '/students/21',
    );
    const [leaAlgo, leaWeb, leaTotal] = within(lea!).getAllByRole('cell');
    expect(within(leaAlgo!).getByText(percent('100'))).toBeInTheDocument();
    expect(within(leaAlgo!).getByText('2 h / 2 h')).toBeInTheDocument();
    expect(within(leaWeb!).getByText(percent('90'))).toBeInTheDocument();
    expect(within(leaWeb!).getByText('9 h / 10 h')).toBeInTheDocument();
    expect(within(leaWeb!).queryByText('Sous le seuil')).toBeNull();
    expect(within(leaTotal!).getByText(percent('91,7'))).toBeInTheDocument();

    const [enzoAlgo, enzoWeb, enzoTotal] = within(enzo!).getAllByRole('cell');
    expect(enzoAlgo).toHaveTextContent('Aucune séance avec appel dans cette formation');
    expect(within(enzoWeb!).getByText(percent('60'))).toBeInTheDocument();
    expect(within(enzoWeb!).getByText('Sous le seuil')).toBeInTheDocument();
    expect(within(enzoTotal!).getByText(percent('60'))).toBeInTheDocument();
    expect(within(table).getAllByText('Sous le seuil')).toHaveLength(1);
  });

  it('asks the days chosen, checks them first, and goes back to the academic year', async () => {
    await signedInAs('teacher');
    const asked = api((query) =>
      jsonResponse(200, {
        ...ANSWER,
        from: query.get('from') ?? '2026-09-01',
        to: query.get('to') ?? '2026-11-23',
      }),
    );
    renderSection();
    const section = screen.getByRole('region', { name: 'Assiduité' });
    await within(section).findByRole('table');
    // A teacher may not open a student's page: the name stays text.
    expect(within(section).queryByRole('link')).toBeNull();
    expect(within(section).getByRole('button', { name: 'Depuis la rentrée' })).toBeDisabled();

    fireEvent.change(within(section).getByLabelText('Du'), { target: { value: '2026-10-01' } });
    await waitFor(() => expect(asked).toContain('from=2026-10-01'));
    fireEvent.change(within(section).getByLabelText('Au'), { target: { value: '2026-09-15' } });
    expect(
      await within(section).findByText('La fin de la période précède son début.'),
    ).toBeInTheDocument();
    expect(within(section).getByLabelText('Au')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(within(section).getByLabelText('Au'), { target: { value: '2026-10-31' } });
    await waitFor(() => expect(asked).toContain('from=2026-10-01&to=2026-10-31'));
    expect(
      await within(section).findByRole('table', { name: /1.*31 oct\. 2026/ }),
    ).toBeInTheDocument();
    expect(within(section).getByText(/^Période : 1.*31 oct\. 2026$/)).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Depuis la rentrée' }));
    expect(within(section).getByLabelText('Du')).toHaveValue('');
    expect(within(section).getByLabelText('Au')).toHaveValue('');
    expect(
      await within(section).findByRole('table', { name: /1.*23 nov\. 2026/ }),
    ).toBeInTheDocument();
    // The first answer shows again at once, and is asked again (it may be stale).
    await waitFor(() =>
      expect(asked).toEqual(['', 'from=2026-10-01', 'from=2026-10-01&to=2026-10-31', '']),
    );
  });

  it('says when no session was taken', async () => {
    await signedInAs('admin');
    api(() =>
      jsonResponse(200, {
        ...ANSWER,
        learners: ANSWER.learners.map((learner) => ({
          ...learner,
          trainings: [],
          total: { ...totals(0, 0), sessions: 0 },
        })),
      }),
    );
    renderSection();
    expect(
      await screen.findByText('Aucune séance avec appel sur cette période.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows nothing to a reader the API refuses', async () => {
    await signedInAs('admin');
    const asked = api(() => jsonResponse(403, { message: 'Accès refusé.' }));
    renderSection();
    await waitFor(() => expect(asked).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
  });
});
