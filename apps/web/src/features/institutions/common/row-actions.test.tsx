import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { RowActions } from './row-actions.tsx';

function renderActions(props: Partial<Parameters<typeof RowActions>[0]>) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <RowActions
          name="ULC"
          can={{ update: true, delete: true, archive: true }}
          archived={false}
          view="/institutions/1"
          edit={() => undefined}
          onArchive={vi.fn().mockResolvedValue(undefined)}
          onDelete={vi.fn().mockResolvedValue(undefined)}
          {...props}
        />
      ),
    },
  ]);
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('RowActions', () => {
  it('shows only the actions the API allows for the row', () => {
    renderActions({ can: { update: false, delete: false, archive: true } });
    expect(screen.getByRole('link', { name: 'Voir ULC' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archiver ULC' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier ULC' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer ULC' })).not.toBeInTheDocument();
  });

  it('deletes only after the spec’s confirmation', async () => {
    const onDelete = vi.fn().mockResolvedValue(undefined);
    renderActions({ onDelete });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Supprimer ULC' }));
    expect(
      screen.getByRole('alertdialog', { name: 'Êtes-vous sûr de vouloir supprimer ?' }),
    ).toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(onDelete).toHaveBeenCalledOnce();
  });

  it('offers unarchive on an archived row', () => {
    renderActions({ archived: true });
    expect(screen.getByRole('button', { name: 'Désarchiver ULC' })).toBeInTheDocument();
  });
});
