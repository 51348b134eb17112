import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, routesHandler } from '../test/fetch.ts';
import { renderWithProviders } from '../test/render.tsx';
import { EndSessionsButton } from './end-sessions-button.tsx';

describe('EndSessionsButton', () => {
  it('confirms, asks the password for that person, then ends their sessions and says how many', async () => {
    const fetchMock = mockFetch(
      routesHandler({
        'POST /api/auth/verify-password-request': () => jsonResponse(200, { token: 'step-up' }),
        'POST /api/students/4/sessions/revoke': () => jsonResponse(200, { revoked: 2 }),
      }),
    );
    renderWithProviders(
      <>
        <EndSessionsButton
          apiPath="/api/students/4"
          target={{ entity: 'student', id: 4 }}
          name="Amina Diallo"
        />
        <Toaster />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Fermer les sessions' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Amina Diallo sera déconnecté(e) sur tous ses appareils');
    await user.click(within(confirm).getByRole('button', { name: 'Fermer les sessions' }));
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(await screen.findByLabelText('Votre mot de passe'), 'Skolar#2026');
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('2 sessions fermées.')).toBeInTheDocument();
    const [[, asked], [url, ended]] = fetchMock.mock.calls as [
      [string, RequestInit],
      [string, RequestInit],
    ];
    expect(JSON.parse(String(asked.body))).toEqual({
      password: 'Skolar#2026',
      target: { entity: 'student', id: 4 },
    });
    expect(url).toBe('/api/students/4/sessions/revoke');
    expect(new Headers(ended.headers).get('x-confirm-token')).toBe('step-up');
  });
});
