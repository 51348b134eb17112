import type { MarkingEntry, MarkingQueue } from '@skolar/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { Agreement } from './agreement.tsx';
import { MyFeedback } from './my-feedback.tsx';
import { sheetTotal } from './sheet.ts';
import { SheetForm } from './sheet-form.tsx';

const RUBRIC: NonNullable<MarkingQueue['rubric']> = {
  id: 1,
  kind: 'rubric',
  title: 'Rapport',
  max_points: 10,
  version: 1,
  updated_at: '2026-11-20T10:00:00.000Z',
  criteria: [
    {
      id: 'plan',
      title: 'Plan',
      description: null,
      max_points: 4,
      levels: [
        { id: 'p0', title: 'Absent', description: null, points: 0 },
        { id: 'p4', title: 'Clair', description: null, points: 4 },
      ],
    },
    {
      id: 'fond',
      title: 'Fond',
      description: null,
      max_points: 6,
      levels: [
        { id: 'f1', title: 'Mince', description: null, points: 1 },
        { id: 'f6', title: 'Solide', description: null, points: 6 },
      ],
    },
  ],
};

const ENTRY: MarkingEntry = {
  student: { id: 7, first_name: 'Léa', last_name: 'Dubois', email: 'lea@example.test' },
  group_ids: [],
  latest: null,
  versions: 0,
  deadline: null,
  result: null,
  sheet: null,
  state: 'not_marked',
  proposals: [],
};

const QUEUE: MarkingQueue = {
  blind: false,
  evaluation: {
    id: 3,
    title: 'Rapport',
    type: 'project',
    scale: 20,
    deadline: null,
    late_until: null,
    late_penalty: null,
    second_marking: false,
    time_zone: 'Europe/Paris',
    subject: { id: 1, name: 'TS' },
  },
  rubric: RUBRIC,
  groups: [],
  students: [ENTRY],
};

describe('the rubric’s grade', () => {
  it('is the points over the maxima on the scale, once every criterion is scored', () => {
    expect(sheetTotal(RUBRIC, { plan: { level_id: 'p4', points: null, comment: '' } }, 20)).toEqual(
      { points: 4, max: 10, computed: null },
    );
    expect(
      sheetTotal(
        RUBRIC,
        {
          plan: { level_id: 'p4', points: null, comment: '' },
          fond: { level_id: 'f1', points: null, comment: '' },
        },
        20,
      ),
    ).toEqual({ points: 5, max: 10, computed: 10 });
  });
});

describe('the marking sheet', () => {
  it('shows the rubric’s grade as levels are chosen, and asks a reason for another grade', async () => {
    const user = userEvent.setup();
    const saved = vi.fn();
    const fetch = mockFetch(() => jsonResponse(200, QUEUE));
    renderWithProviders(<SheetForm queue={QUEUE} entry={ENTRY} onSaved={saved} onNext={null} />);
    await user.click(screen.getByRole('radio', { name: /Clair/ }));
    expect(screen.getByText(/Notez chaque critère/)).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Solide/ }));
    expect(screen.getByText('Note de la grille : 20 / 20')).toBeTruthy();
    expect(screen.queryByLabelText(/Motif/)).toBeNull();
    await user.type(screen.getByLabelText('Note (sur 20)'), '18');
    const reason = screen.getByLabelText(/Motif/);
    await user.type(reason, 'Retard de rendu');
    await user.click(screen.getAllByRole('button', { name: 'Enregistrer' })[0]!);
    const [, init] = fetch.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      scores: [
        { criterion_id: 'plan', level_id: 'p4' },
        { criterion_id: 'fond', level_id: 'f6' },
      ],
      grade: 18,
      reason: 'Retard de rendu',
      version: 0,
    });
    expect(saved).toHaveBeenCalledWith(QUEUE);
  });

  it('takes the late penalty off the rubric’s grade and says so, the penalized grade needing no reason', async () => {
    const user = userEvent.setup();
    const late = { ...QUEUE, evaluation: { ...QUEUE.evaluation, late_penalty: 10 } };
    const entry: MarkingEntry = {
      ...ENTRY,
      latest: {
        id: 31,
        version: 1,
        submitted_at: '2026-11-26T18:00:00.000Z',
        file_name: 'rapport.pdf',
        mime: 'application/pdf',
        size: 1000,
        sha256: 'a'.repeat(64),
        file_link: '/api/files/9',
        late_minutes: 25 * 60,
      },
      versions: 1,
    };
    renderWithProviders(<SheetForm queue={late} entry={entry} onSaved={vi.fn()} onNext={null} />);
    await user.click(screen.getByRole('radio', { name: /Clair/ }));
    await user.click(screen.getByRole('radio', { name: /Solide/ }));
    expect(screen.getByText(/Pénalité de retard : −4 \(2 jours entamés\)/)).toBeTruthy();
    expect(screen.getByText('Note après pénalité : 16 / 20')).toBeTruthy();
    expect(screen.getByLabelText('Note (sur 20)')).toHaveAttribute('placeholder', '16');
    await user.type(screen.getByLabelText('Note (sur 20)'), '16');
    expect(screen.queryByLabelText(/Motif/)).toBeNull();
  });
});

describe('what the student reads', () => {
  const FEEDBACK = {
    grade: 17,
    absent: false,
    scale: 20,
    comment: 'Bien',
    published_at: '2026-11-25T10:00:00.000Z',
    sheet: {
      kind: 'rubric',
      title: 'Rapport',
      criteria: RUBRIC.criteria,
      scores: [
        { criterion_id: 'plan', level_id: 'p4', points: 4, comment: 'Plan net' },
        { criterion_id: 'fond', level_id: 'f1', points: 1, comment: null },
      ],
      points: 5,
      max_points: 10,
      computed: 10,
      late_days: 0,
      penalty: 0,
      rubric_version: 1,
      updated_at: '2026-11-24T10:00:00.000Z',
    },
  };
  const HAND_IN = {
    id: 31,
    version: 2,
    file_link: '/api/files/9',
    mime: 'application/pdf',
    file_name: 'rapport.pdf',
  };

  it('shows the filled rubric, and the hand-in again only when the marker wrote on it', async () => {
    mockFetch((url) =>
      url.includes('/feedback')
        ? jsonResponse(200, FEEDBACK)
        : url.includes('/annotations')
          ? jsonResponse(200, { data: [] })
          : jsonResponse(404, { message: 'Introuvable' }),
    );
    renderWithProviders(<MyFeedback evaluationId={3} submissions={[HAND_IN]} />);
    const table = await screen.findByRole('table', { name: 'Grille remplie par le correcteur' });
    expect(within(table).getByRole('row', { name: /Plan.*Clair.*Plan net.*4 \/ 4/ })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Total.*5 \/ 10/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /copie annotée/ })).toBeNull();
  });
});

describe('second marking', () => {
  const twice: MarkingQueue = {
    ...QUEUE,
    evaluation: { ...QUEUE.evaluation, second_marking: true },
  };

  it('hides the other marker’s grade until both are in', () => {
    renderWithProviders(
      <Agreement
        queue={twice}
        entry={{
          ...ENTRY,
          state: 'in_marking',
          proposals: [
            {
              round: 1,
              marker_name: 'Inès Roux',
              mine: false,
              hidden: true,
              grade: null,
              comment: null,
            },
          ],
        }}
        onSaved={vi.fn()}
      />,
    );
    expect(screen.getByText(/visible quand les deux notes seront proposées/)).toBeTruthy();
    expect(screen.queryByLabelText(/Note convenue/)).toBeNull();
  });

  it('shows both proposals, starts from their mean and writes the agreed grade', async () => {
    const user = userEvent.setup();
    const saved = vi.fn();
    const fetch = mockFetch(() => jsonResponse(200, twice));
    renderWithProviders(
      <Agreement
        queue={twice}
        entry={{
          ...ENTRY,
          state: 'ready_for_agreement',
          proposals: [
            {
              round: 1,
              marker_name: 'Thomas Lefèvre',
              mine: true,
              hidden: false,
              grade: 14,
              comment: 'Bon plan',
            },
            {
              round: 2,
              marker_name: 'Inès Roux',
              mine: false,
              hidden: false,
              grade: 16,
              comment: null,
            },
          ],
        }}
        onSaved={saved}
      />,
    );
    expect(screen.getByText(/1re correction \(vous\)/)).toBeTruthy();
    expect(screen.getByText(/2e correction \(Inès Roux\)/)).toBeTruthy();
    const grade = screen.getByLabelText('Note convenue (sur 20)');
    expect(grade).toHaveValue('15');
    await user.clear(grade);
    await user.type(grade, '15,5');
    await user.click(screen.getByRole('button', { name: 'Valider la note convenue' }));
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toContain('/marking/7/agreement');
    expect(JSON.parse(String(init?.body))).toEqual({
      grade: 15.5,
      comment: 'Bon plan',
      version: 0,
    });
    expect(saved).toHaveBeenCalledWith(twice);
  });
});
