import type { Role } from '@skolar/shared';
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { signedInAs } from '../test/session.ts';
import { PageHeader } from './page-header.tsx';
import { RoleLink } from './role-link.tsx';

function renderAt(element: ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }]);
  return renderWithProviders(<RouterProvider router={router} />);
}

/** Screens of the route table, each named after what it shows. */
const SCREENS = [
  ['Amina Diallo', '/students/22'],
  ['Promotions', '/promotions'],
  ['Licence 3', '/4/promotions/9'],
  ['Groupe A', '/9/groups/3'],
  ['Mes formations', '/student/trainings'],
  ['Établissements', '/institutions'],
  ['Programmes', '/programs'],
  ['Connexion', '/login'],
  ['Contact', '/contact'],
] as const;

/** Which of SCREENS each viewer may open (the route table, `ROUTES`). */
const OPENS: Record<Role | 'visitor', readonly string[]> = {
  student: ['Mes formations', 'Contact'],
  teacher: ['Groupe A', 'Contact'],
  'super-teacher': ['Amina Diallo', 'Promotions', 'Licence 3', 'Groupe A', 'Programmes', 'Contact'],
  admin: ['Amina Diallo', 'Promotions', 'Licence 3', 'Groupe A', 'Programmes', 'Contact'],
  'super-admin': ['Établissements', 'Programmes', 'Contact'],
  visitor: ['Connexion', 'Contact'],
};

const viewers = Object.keys(OPENS) as (keyof typeof OPENS)[];

describe('RoleLink', () => {
  it.each(viewers)('as %s, links only the screens the role may open', async (viewer) => {
    await signedInAs(viewer === 'visitor' ? null : viewer);
    renderAt(
      <ul>
        {SCREENS.map(([name, to]) => (
          <li key={to}>
            <RoleLink to={to} className="cohort-link">
              {name}
            </RoleLink>
          </li>
        ))}
      </ul>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(OPENS[viewer]);
    for (const link of links)
      expect(link).toHaveAttribute('href', SCREENS.find(([name]) => name === link.textContent)![1]);
    // The others stay readable, as plain text.
    for (const [name] of SCREENS) expect(screen.getByText(name)).toBeInTheDocument();
  });

  it.each(viewers)(
    'as %s, shows an action only when the role may open its page',
    async (viewer) => {
      await signedInAs(viewer === 'visitor' ? null : viewer);
      renderAt(
        <RoleLink to="/4/student-group/22" otherwise="nothing" className="button">
          Groupes de l'étudiant
        </RoleLink>,
      );
      const allowed = viewer === 'admin' || viewer === 'super-admin';
      expect(screen.queryByText("Groupes de l'étudiant")).toEqual(
        allowed ? screen.getByRole('link', { name: "Groupes de l'étudiant" }) : null,
      );
    },
  );
});

describe('PageHeader back links', () => {
  const header = (
    <PageHeader
      eyebrow="Étudiant"
      title="Amina Diallo"
      back={[
        { to: '/students', label: 'Étudiants' },
        { to: '/promotions', label: 'Promotions' },
      ]}
    />
  );

  it.each([
    ['admin', 'Étudiants', '/students'],
    ['super-teacher', 'Promotions', '/promotions'],
  ] as const)(
    'as %s, leads back to the nearest page the role may open',
    async (role, label, href) => {
      await signedInAs(role);
      renderAt(header);
      expect(screen.getByRole('link')).toHaveTextContent(label);
      expect(screen.getByRole('link')).toHaveAttribute('href', href);
    },
  );

  it('shows no way back to a viewer who may open none of them', async () => {
    await signedInAs('teacher');
    renderAt(header);
    expect(screen.queryByRole('link')).toBeNull();
    expect(
      within(screen.getByRole('heading', { level: 1 })).getByText('Amina Diallo'),
    ).toBeInTheDocument();
  });
});
