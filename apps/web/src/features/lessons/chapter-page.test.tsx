import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, routesHandler } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ChapterPage } from './chapter-page.tsx';

const CHAPTER = {
  id: 7,
  lesson_id: 3,
  lesson_title: 'Complexité',
  title: 'La notation grand O',
  position: 2,
  video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  created_at: '2026-01-01T00:00:00.000Z',
  archived_at: null,
  content: '<h2>Principe</h2><table><tbody><tr><td>O(1)</td></tr></tbody></table>',
  resources: [
    {
      id: 1,
      kind: 'file',
      title: 'Fiche',
      url: '/api/files/4',
      mime: 'application/pdf',
      size: 2048,
    },
    {
      id: 2,
      kind: 'link',
      title: 'Wikipédia',
      url: 'https://fr.wikipedia.org/',
      mime: null,
      size: null,
    },
  ],
  previous_id: 6,
  next_id: null,
  can: { update: false, delete: false, archive: false },
};

describe('ChapterPage', () => {
  it('shows the content, the video embed, the resources and the way to the previous chapter', async () => {
    mockFetch(routesHandler({ 'GET /api/chapters/7': () => jsonResponse(200, CHAPTER) }));
    const router = createMemoryRouter(
      [{ path: '/:moduleId/:subjectId/:lessonId/chapters/:chapterId', element: <ChapterPage /> }],
      { initialEntries: ['/0/5/3/chapters/7'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Principe' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'O(1)' })).toBeInTheDocument();
    expect(screen.getByTitle('Vidéo de La notation grand O')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(screen.getByRole('link', { name: 'Fiche' })).toHaveAttribute('href', '/api/files/4');
    expect(screen.getByRole('link', { name: 'Wikipédia' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(screen.getByRole('link', { name: 'Chapitre précédent' })).toHaveAttribute(
      'href',
      '/0/5/3/chapters/6',
    );
    expect(screen.queryByRole('link', { name: 'Chapitre suivant' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Modifier' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Joindre un PDF' })).not.toBeInTheDocument();
  });
});
