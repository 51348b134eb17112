import type { MySeminar, SeminarDetail } from '@skolar/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { EpisodeFormPage } from './episode-form-page.tsx';
import { MySeminarsPage } from './my-seminars-page.tsx';
import { StudentSeminarPage } from './student-seminar-page.tsx';

const can = { update: true, delete: true, archive: true };
const SEMINAR: SeminarDetail = {
  id: 7,
  institution_id: 1,
  institution_name: 'Université',
  promotion_id: 3,
  promotion_name: 'L3 Informatique',
  program_id: 2,
  title: 'Métiers du numérique',
  description: '',
  visibility: 'public',
  syllabus_link: null,
  syllabus_name: null,
  time_zone: 'Europe/Paris',
  created_at: '2026-09-01T08:00:00.000Z',
  archived_at: null,
  nb_episodes: 0,
  can,
  episodes: [],
};

function renderAt(path: string, pattern: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path: pattern, element }], { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('the episode form', () => {
  it('refuses an end before the start without calling the API', async () => {
    const fetch = mockFetch(() => jsonResponse(200, SEMINAR));
    renderAt('/3/7/episodes/add', '/:id/:seminarId/episodes/add', <EpisodeFormPage />);
    await screen.findByText('Métiers du numérique');
    fill('Titre', 'Ouverture');
    fill('Date', '2027-01-14');
    fill('Début', '11:00');
    fill('Fin', '10:00');
    fill('Lieu', 'Amphi A');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('L’heure de fin doit suivre l’heure de début.'),
    ).toBeInTheDocument();
    expect(fetch.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it("puts the API's field errors under their fields", async () => {
    mockFetch((_url, init) =>
      init.method === 'POST'
        ? jsonResponse(422, {
            message: 'Invalide',
            errors: { location: ['Indiquez un lieu ou un lien en ligne (serveur).'] },
          })
        : jsonResponse(200, SEMINAR),
    );
    renderAt('/3/7/episodes/add', '/:id/:seminarId/episodes/add', <EpisodeFormPage />);
    await screen.findByText('Métiers du numérique');
    fill('Titre', 'Ouverture');
    fill('Date', '2027-01-14');
    fill('Début', '09:00');
    fill('Fin', '10:30');
    fill('Lieu', 'Amphi A');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Indiquez un lieu ou un lien en ligne (serveur).'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Lieu')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('my seminars', () => {
  it('shows each seminar with its next episode in the institution’s clock', async () => {
    const mine: MySeminar[] = [
      {
        ...SEMINAR,
        nb_episodes: 3,
        next_episode: {
          id: 11,
          title: 'Sécurité des applications web',
          starts_at: '2027-01-14T08:00:00.000Z',
          ends_at: '2027-01-14T09:30:00.000Z',
          day: '2027-01-14',
          start_time: '09:00',
          end_time: '10:30',
          location: null,
          online_link: 'https://visio.example.test/a',
        },
      },
    ];
    mockFetch(() => jsonResponse(200, mine));
    renderAt('/student/seminars', '/student/seminars', <MySeminarsPage />);
    const link = await screen.findByRole('link', { name: 'Sécurité des applications web' });
    expect(link).toHaveAttribute('href', '/7/episodes/11?eventType=seminar');
    expect(screen.getByText(/09:00 – 10:30/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rejoindre en ligne' })).toHaveAttribute(
      'href',
      'https://visio.example.test/a',
    );
    await waitFor(() => expect(screen.getByText(/3 épisodes/)).toBeInTheDocument());
  });
});

describe("a student's seminar", () => {
  it("lists the episodes in the institution's clock, marks the past ones, links the syllabus", async () => {
    const episode = (id: number, title: string, day: string, past: boolean) => ({
      id,
      seminar_id: 7,
      title,
      description: '',
      starts_at: past ? '2020-01-01T08:00:00.000Z' : '2099-01-01T08:00:00.000Z',
      ends_at: past ? '2020-01-01T09:00:00.000Z' : '2099-01-01T09:00:00.000Z',
      time_zone: 'Europe/Paris',
      day,
      start_time: '09:00',
      end_time: '10:00',
      location: 'Amphi A',
      online_link: null,
      position: id,
      can: { update: false, delete: false, archive: false },
    });
    mockFetch(() =>
      jsonResponse(200, {
        ...SEMINAR,
        can: { update: false, delete: false, archive: false },
        syllabus_link: '/api/files/5',
        syllabus_name: 'syllabus.pdf',
        episodes: [
          episode(1, 'Ouverture', '2020-01-01', true),
          episode(2, 'Clôture', '2099-01-01', false),
        ],
      }),
    );
    renderAt('/student/seminars/7', '/student/seminars/:id', <StudentSeminarPage />);
    const links = await screen.findAllByRole('link', { name: /Ouverture|Clôture/ });
    expect(links.map((link) => link.textContent)).toEqual(['Ouverture', 'Clôture']);
    expect(links[1]).toHaveAttribute('href', '/7/episodes/2?eventType=seminar');
    expect(screen.getByText('Heure de l’établissement (Europe/Paris)')).toBeInTheDocument();
    expect(screen.getAllByText('Passé')).toHaveLength(1);
    expect(screen.getByText(/1 janvier 2020, 09:00 – 10:00/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /syllabus\.pdf/ })).toHaveAttribute(
      'href',
      '/api/files/5',
    );
    expect(screen.queryByLabelText(/Déposer le syllabus/)).not.toBeInTheDocument();
  });
});
