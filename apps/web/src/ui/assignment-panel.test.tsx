import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch.ts';
import { renderWithProviders } from '../test/render.tsx';
import { AssignmentPanel } from './assignment-panel.tsx';

const answer = (assigned: number[]) => {
  const people = [
    { id: 1, label: 'Ada Lovelace', detail: 'ada@example.test' },
    { id: 2, label: 'Alan Turing', detail: 'alan@example.test' },
    { id: 3, label: 'Grace Hopper', detail: 'grace@example.test' },
  ];
  return {
    owner: { id: 9, label: 'L1' },
    assigned: people.filter((p) => assigned.includes(p.id)),
    options: people.filter((p) => !assigned.includes(p.id)),
  };
};

describe('AssignmentPanel', () => {
  it('adds the checked rows in one request and dissociates only after confirmation', async () => {
    let assigned = [1];
    const fetch = mockFetch(async (url, init) => {
      if (init.method === 'PUT') {
        assigned = [...assigned, ...JSON.parse(String(init.body)).ids];
        return jsonResponse(200, answer(assigned));
      }
      if (init.method === 'DELETE') {
        assigned = assigned.filter((id) => !url.endsWith(`/${id}`));
        return new Response(null, { status: 204 });
      }
      return jsonResponse(200, answer(assigned));
    });
    renderWithProviders(
      <AssignmentPanel
        path="/api/promotions/9/students"
        title="Étudiants"
        empty="Aucun étudiant trouvé"
        addLabel="Ajouter des étudiants"
      />,
    );
    const user = userEvent.setup();
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    const picker = screen.getByRole('group', { name: 'Ajouter des étudiants' });
    await user.click(within(picker).getByRole('checkbox', { name: /Alan Turing/ }));
    await user.click(within(picker).getByRole('checkbox', { name: /Grace Hopper/ }));
    await user.click(screen.getByRole('button', { name: 'Ajouter la sélection (2)' }));
    await vi.waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/promotions/9/students',
        expect.objectContaining({ method: 'PUT', body: JSON.stringify({ ids: [2, 3] }) }),
      ),
    );
    expect(await screen.findByText('Plus rien à ajouter.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dissocier Ada Lovelace' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Êtes-vous sûr de vouloir dissocier ?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(fetch).not.toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ method: 'DELETE' }),
    );
    await user.click(screen.getByRole('button', { name: 'Dissocier Ada Lovelace' }));
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    await vi.waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/promotions/9/students/1',
        expect.objectContaining({ method: 'DELETE' }),
      ),
    );
  });
});
