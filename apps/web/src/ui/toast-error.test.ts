import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http.ts';
import { toastError } from './toast-error.ts';

vi.mock('sonner', () => ({ toast: { error: vi.fn() } }));

describe('toastError', () => {
  it("shows the API's message for 5000 ms, as the spec sets for every error toast", async () => {
    toastError(new ApiError(409, 'Cette promotion a des étudiants.'), 'Erreur');
    toastError(new Error('network'), 'Une erreur est survenue.');
    await vi.waitFor(() =>
      expect(vi.mocked(toast.error).mock.calls).toEqual([
        ['Cette promotion a des étudiants.', { duration: 5000 }],
        ['Une erreur est survenue.', { duration: 5000 }],
      ]),
    );
  });
});
