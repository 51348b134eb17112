import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { studentInfo } from '../../test/fixtures.ts';
import { aPage } from '../../test/notifications.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signedInAs } from '../../test/session.ts';
import femaleAvatar from '../../ui/avatars/female.svg';
import { AppLayout } from './app-layout.tsx';

function renderChrome() {
  const router = createMemoryRouter([
    { Component: AppLayout, children: [{ path: '/', element: <p>page</p> }] },
  ]);
  return renderWithProviders(<RouterProvider router={router} />);
}

const footerLinks = () =>
  Object.fromEntries(
    within(screen.getByRole('contentinfo'))
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  );

describe('the chrome of a signed-in user', () => {
  it('offers the support page in the user menu, with the default avatar of their gender', async () => {
    await signedInAs('teacher');
    renderChrome();
    // Until the badge's code is in, a copy of its frame holds its place, hidden and inert.
    const placeholder = document.querySelector('.user-badge[aria-hidden="true"]');
    expect(placeholder).toHaveTextContent('Amina');
    expect(placeholder?.querySelector('button')).toBeNull();
    const badge = await screen.findByRole('button', { name: 'Menu du compte de Amina' });
    expect(placeholder).not.toBeInTheDocument();
    // Decorative (the button says whose menu it is): the default avatar of a 'Mme'.
    expect(badge.querySelector('img')).toHaveAttribute('src', femaleAvatar);
    await userEvent.setup().click(badge);
    expect(screen.getByRole('menuitem', { name: 'Support' })).toHaveAttribute('href', '/support');
  });

  it("shows the institution's logo 20 px high in the top bar, and the public courses", async () => {
    await signedInAs('admin', {
      institution: { ...studentInfo.institution!, logo_link: '/api/files/3' },
    });
    renderChrome();
    const banner = screen.getByRole('banner');
    const logo = within(banner).getByRole('img', { name: 'Université Skolar' });
    expect(logo).toHaveAttribute('src', '/api/files/3');
    // Square until the file is in: the links beside it do not move when it arrives.
    expect(logo).toHaveAttribute('height', '20');
    expect(logo).toHaveAttribute('width', '20');
    expect(within(banner).getByRole('link', { name: 'Formations publiques' })).toHaveAttribute(
      'href',
      '/public-formations',
    );
  });

  it('puts the notification bell before the account menu, with the unread count', async () => {
    await signedInAs('student');
    mockFetch((url) => {
      if (url === '/api/notifications?limit=1') return jsonResponse(200, aPage([], 4, true));
      throw new Error(`Unexpected request ${url}`);
    });
    renderChrome();
    const banner = screen.getByRole('banner');
    const bell = await within(banner).findByRole('button', { name: 'Notifications, 4 non lues' });
    const badge = await within(banner).findByRole('button', { name: 'Menu du compte de Amina' });
    expect(bell.compareDocumentPosition(badge) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('leads every footer link to a page a signed-in user may open', async () => {
    await signedInAs('student');
    renderChrome();
    expect(footerLinks()).toMatchObject({
      Contact: '/contact',
      'Qui sommes-nous': '/condition-utilisateur',
      Confidentialité: '/condition-utilisateur',
      Cookies: '/condition-utilisateur',
      Accueil: '/dashboard',
      'Formations publiques': '/public-formations',
    });
  });
});

describe('the chrome of a visitor', () => {
  it("leads the footer's contact and about links to the home page", async () => {
    await signedInAs(null);
    renderChrome();
    expect(footerLinks()).toMatchObject({
      Contact: '/#contact',
      'Qui sommes-nous': '/',
      Accueil: '/',
    });
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Formations publiques' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('banner')).queryByRole('button', { name: /^Notifications/ }),
    ).toBeNull();
  });
});
