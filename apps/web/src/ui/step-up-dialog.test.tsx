import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch.ts';
import { renderWithProviders } from '../test/render.tsx';
import { StepUpDialog } from './step-up-dialog.tsx';

describe('StepUpDialog', () => {
  it('hands the token over once the password is confirmed', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { token: 'step-up-token' }));
    const onConfirmed = vi.fn();
    renderWithProviders(<StepUpDialog open onOpenChange={() => {}} onConfirmed={onConfirmed} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Votre mot de passe'), 'Skolar#2026');
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('step-up-token'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/verify-password-request');
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'Skolar#2026' });
  });

  it("shows the API's refusal under the password field", async () => {
    mockFetch(() =>
      jsonResponse(422, { message: 'Invalide', errors: { password: ['Mot de passe incorrect.'] } }),
    );
    const onConfirmed = vi.fn();
    renderWithProviders(<StepUpDialog open onOpenChange={() => {}} onConfirmed={onConfirmed} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Votre mot de passe'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Mot de passe incorrect.')).toBeInTheDocument();
    expect(onConfirmed).not.toHaveBeenCalled();
  });
});
