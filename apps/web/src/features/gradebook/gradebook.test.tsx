import type { Gradebook, GradebookImportReport } from '@skolar/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { GradebookSection } from './gradebook-section.tsx';

const BOOK: Gradebook = {
  promotion: { id: 7, name: 'L3' },
  basis: 'entered',
  evaluations: [
    {
      id: 11,
      title: 'Partiel',
      type: 'exam',
      date: '2026-10-01',
      subject: { id: 1, name: 'Algorithmique', coefficient: 2 },
      training: { id: 3, title: 'Licence 3' },
      percentage: 50,
      scale: 20,
    },
  ],
  subjects: [{ id: 1, name: 'Algorithmique', coefficient: 2 }],
  students: [
    {
      id: 21,
      first_name: 'Léa',
      last_name: 'Dubois',
      email: 'lea@example.test',
      cells: [
        {
          evaluation_id: 11,
          status: 'graded',
          grade: 14.5,
          absent: false,
          published: true,
          version: 1,
        },
      ],
      subjects: [{ id: 1, average: 14.5 }],
      average: 14.5,
    },
    {
      id: 22,
      first_name: 'Enzo',
      last_name: 'Durand',
      email: 'enzo@example.test',
      cells: [
        {
          evaluation_id: 11,
          status: 'absent',
          grade: null,
          absent: true,
          published: false,
          version: 2,
        },
      ],
      subjects: [{ id: 1, average: 0 }],
      average: 0,
    },
  ],
};

const REPORT: GradebookImportReport = {
  headers: ['E-mail', 'Partiel [#11] (/20)'],
  columns: [{ header: 'Partiel [#11] (/20)', evaluation_id: 11 }],
  lines: [
    {
      line: 2,
      values: { 'E-mail': 'lea@example.test', 'Partiel [#11] (/20)': '25' },
      action: 'error',
      errors: { 'Partiel [#11] (/20)': ['La note doit être comprise entre 0 et 20.'] },
    },
    {
      line: 3,
      values: { 'E-mail': 'enzo@example.test', 'Partiel [#11] (/20)': '12' },
      action: 'update',
      errors: {},
    },
  ],
  counts: { update: 1, unchanged: 0, error: 1 },
  changes: 1,
};

describe('the gradebook section', () => {
  it('shows grades, absences and averages, exports, and checks an imported file line by line', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/api/promotions/7/gradebook') return jsonResponse(200, BOOK);
      if (url === '/api/promotions/7/gradebook/dry-run' && init.method === 'POST')
        return jsonResponse(200, REPORT);
      throw new Error(`Unexpected ${url}`);
    });
    renderWithProviders(<GradebookSection promotionId={7} />);
    const table = await screen.findByRole('table', { name: /Notes des étudiants/ });
    const lea = within(table).getByRole('row', { name: /Dubois Léa/ });
    expect(within(lea).getAllByText('14,5')).toHaveLength(3);
    const enzo = within(table).getByRole('row', { name: /Durand Enzo/ });
    expect(within(enzo).getByText('abs')).toBeInTheDocument();
    expect(within(enzo).getByText(/non publiée/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exporter en CSV' })).toHaveAttribute(
      'href',
      '/api/promotions/7/gradebook.csv?locale=fr',
    );

    const file = new File(['E-mail;Partiel [#11] (/20)\nlea@example.test;25'], 'notes.csv', {
      type: 'text/csv',
    });
    fireEvent.change(screen.getByLabelText('Importer un CSV'), { target: { files: [file] } });
    expect(
      await screen.findByText('La note doit être comprise entre 0 et 20.', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByText('En erreur : 1')).toBeInTheDocument();
    // A file with an error cannot be imported.
    expect(screen.getByRole('button', { name: 'Importer 1 note' })).toBeDisabled();
    const posted = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(posted?.[1]?.body))).toMatchObject({ file_name: 'notes.csv' });
  });
});
