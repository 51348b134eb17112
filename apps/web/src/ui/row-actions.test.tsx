import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../test/fetch.ts';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/session.ts';
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
          apiPath="/api/institutions/1"
          invalidate={[['institutions']]}
          deletable
          {...props}
        />
      ),
    },
  ]);
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('RowActions', () => {
  beforeEach(() => signedInAs('super-admin'));

  it('shows only the actions the API allows for the row', () => {
    renderActions({ can: { update: false, delete: false, archive: true } });
    expect(screen.getByRole('link', { name: 'Voir ULC' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archiver ULC' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier ULC' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer ULC' })).not.toBeInTheDocument();
  });

  it('offers no view link to a page the role may not open', async () => {
    await signedInAs('admin');
    renderActions({});
    expect(screen.queryByRole('link', { name: 'Voir ULC' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archiver ULC' })).toBeInTheDocument();
  });

  it('deletes only after the spec’s confirmation', async () => {
    const fetch = mockFetch(() => new Response(null, { status: 204 }));
    renderActions({});
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Supprimer ULC' }));
    expect(
      screen.getByRole('alertdialog', { name: 'Êtes-vous sûr de vouloir supprimer ?' }),
    ).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(fetch).toHaveBeenCalledOnce();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/institutions/1');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('DELETE');
  });

  it('offers deletion only where the screen allows it', () => {
    renderActions({ deletable: false });
    expect(screen.queryByRole('button', { name: 'Supprimer ULC' })).not.toBeInTheDocument();
  });

  it('offers unarchive on an archived row', () => {
    renderActions({ archived: true });
    expect(screen.getByRole('button', { name: 'Désarchiver ULC' })).toBeInTheDocument();
  });
});
