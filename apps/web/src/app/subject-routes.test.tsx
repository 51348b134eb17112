// The subject screens as each role meets them, through the guarded route table (app/ composes
// the features; a feature's own tests cannot import the router).
import type { GroupDetail, Role, SubjectDetail, SubjectRow } from '@skolar/shared';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch.ts';
import { studentInfo } from '../test/fixtures.ts';
import { renderWithProviders } from '../test/render.tsx';

const none = { update: false, delete: false, archive: false };

const row: SubjectRow = {
  id: 5,
  institution_id: 1,
  institution_name: 'Université Skolar',
  name: 'Algorithmique',
  description: '',
  coefficient: 3,
  hourly_volume: 48,
  created_at: '2026-01-01T00:00:00.000Z',
  archived_at: null,
  nb_modules: 1,
  nb_teachers: 1,
  nb_lessons: 2,
  nb_evaluations: 0,
  can: { ...none, update: true },
};

const detail = (changes: Partial<SubjectDetail> = {}): SubjectDetail => ({
  ...row,
  can: { ...none, update: true, assign_lessons: true, assign_teachers: false },
  modules: [
    { id: 12, name: 'Fondamentaux de la programmation' },
    { id: 13, name: 'Bases de données' },
  ],
  teachers: [
    { id: 7, first_name: 'Théo', last_name: 'Martin', email: 't@example.test', role: 'teacher' },
  ],
  lessons: [
    { id: 70, title: 'Complexité', position: 1, nb_chapters: 2 },
    { id: 71, title: 'Tris', position: 2, nb_chapters: 1 },
  ],
  ...changes,
});

/** Signs in with a role and answers the API from a table of path prefixes. */
function signedInAs(role: Role, answers: Record<string, unknown>) {
  localStorage.setItem('user', JSON.stringify({ userId: 7, role }));
  return mockFetch((url) => {
    if (url === '/api/auth/info')
      return jsonResponse(200, { ...studentInfo, roles: [{ name: role }] });
    const key = Object.keys(answers)
      .sort((a, b) => b.length - a.length)
      .find((prefix) => url.startsWith(prefix));
    if (!key) throw new Error(`Unexpected request ${url}`);
    return jsonResponse(200, answers[key]);
  });
}

async function renderAt(path: string) {
  vi.resetModules();
  const { routes } = await import('./router.tsx');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const list = { data: [row], meta: { page: 1, per_page: 25, total: 1 } };

beforeEach(() => {
  localStorage.clear();
});

describe('the subjects list', () => {
  it('shows a teacher their subjects, each linked to its page, and no add button', async () => {
    signedInAs('teacher', { '/api/subjects': list });
    await renderAt('/subjects');
    const link = await screen.findByRole('link', { name: 'Algorithmique' });
    expect(link).toHaveAttribute('href', '/subjects/5');
    expect(screen.getByRole('heading', { level: 1, name: 'Matières' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ajouter une matière' })).toBeNull();
    expect(screen.getByRole('combobox', { name: /lignes par page/i })).toBeInTheDocument();
  });

  it('offers an admin the add button', async () => {
    signedInAs('admin', { '/api/subjects': list });
    await renderAt('/subjects');
    expect(await screen.findByRole('link', { name: 'Ajouter une matière' })).toHaveAttribute(
      'href',
      '/subjects/add',
    );
  });
});

describe('the subject page', () => {
  it('links a teacher’s lessons under the first module, and only to pages they may open', async () => {
    const fetch = signedInAs('teacher', { '/api/subjects/5': detail() });
    await renderAt('/subjects/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Algorithmique' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Complexité' })).toHaveAttribute(
      'href',
      '/12/5/lessons/70',
    );
    expect(screen.getByRole('link', { name: 'Ajouter une leçon' })).toHaveAttribute(
      'href',
      '/12/5/lessons/add',
    );
    expect(screen.getByRole('link', { name: 'Associer des leçons' })).toHaveAttribute(
      'href',
      '/lesson-subject/5',
    );
    expect(screen.getByRole('link', { name: /Modifier/ })).toHaveAttribute(
      'href',
      '/subjects/edit/5',
    );
    // A teacher may not open /modules/:id: the module is named, not linked.
    expect(screen.getByText('Fondamentaux de la programmation')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Fondamentaux de la programmation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Supprimer' })).toBeNull();
    // Teachers are listed, not assigned: the staffing endpoint is never called.
    expect(screen.getByText(/Théo Martin/)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalledWith('/api/subjects/5/teachers', expect.anything());
  });

  it('uses 0 as the module of a subject in none, and writes the coefficient the French way', async () => {
    signedInAs('teacher', { '/api/subjects/5': detail({ modules: [], coefficient: 2.5 }) });
    await renderAt('/subjects/5');
    expect(await screen.findByRole('link', { name: 'Tris' })).toHaveAttribute(
      'href',
      '/0/5/lessons/71',
    );
    expect(screen.getByText('Cette matière n’est dans aucun module.')).toBeInTheDocument();
    // The coefficient as French writes it.
    expect(screen.getByText('2,5')).toBeInTheDocument();
  });

  it('lets an admin staff the subject and links its modules', async () => {
    signedInAs('admin', {
      '/api/subjects/5/teachers': {
        owner: { id: 5, label: 'Algorithmique' },
        assigned: [{ id: 7, label: 'Théo Martin', detail: 't@example.test' }],
        options: [{ id: 8, label: 'Inès Roy', detail: 'i@example.test' }],
      },
      '/api/subjects/5': detail({
        can: {
          update: true,
          delete: true,
          archive: true,
          assign_lessons: true,
          assign_teachers: true,
        },
      }),
    });
    await renderAt('/subjects/5');
    const picker = await screen.findByRole('group', { name: 'Affecter des enseignants' });
    expect(within(picker).getByRole('checkbox', { name: /Inès Roy/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dissocier Théo Martin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fondamentaux de la programmation' })).toHaveAttribute(
      'href',
      '/modules/12',
    );
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
  });
});

describe('a group seen by a teacher', () => {
  it('links the subjects the teacher may open, and names the others', async () => {
    const group: GroupDetail = {
      id: 3,
      institution_id: 1,
      promotion_id: 2,
      promotion_name: 'Licence L3',
      program_id: 1,
      academic_year: '2026-2027',
      name: 'Groupe TD A',
      created_at: '2026-01-01T00:00:00.000Z',
      archived_at: null,
      nb_students: 1,
      nb_subjects: 2,
      can: none,
      students: [{ id: 9, first_name: 'Amina', last_name: 'Diallo', email: 'a@example.test' }],
      subjects: [
        { id: 5, name: 'Algorithmique', readable: true },
        { id: 6, name: 'Biologie', readable: false },
      ],
    };
    signedInAs('teacher', { '/api/groups/3': group });
    await renderAt('/2/groups/3');
    expect(await screen.findByRole('link', { name: 'Algorithmique' })).toHaveAttribute(
      'href',
      '/subjects/5',
    );
    expect(screen.getByText('Biologie')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Biologie' })).toBeNull();
    expect(screen.getByText('Amina Diallo')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Étudiants et matières du groupe/ })).toBeNull();
  });
});
