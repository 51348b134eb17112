import type { Announcement, Role } from '@skolar/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIENCES, anAnnouncement } from '../../test/announcements.ts';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { aNotification, FakeEventSource, mockEventSource } from '../../test/notifications.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signedInAs } from '../../test/session.ts';
import { AnnouncementsPage } from './announcements-page.tsx';

// ProseMirror (the text's editor) measures the selection; jsdom has no layout.
const noRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] });
Object.assign(Range.prototype, {
  getClientRects: noRects,
  getBoundingClientRect: () => new DOMRect(),
});
if (!('getClientRects' in Text.prototype)) {
  Object.assign(Text.prototype, { getClientRects: noRects });
}

const MINE = { update: true, delete: true };

/** Pinned to the institution; then the L3 promotion's, 2 h ago; then an older one, edited. */
const LIST: Announcement[] = [
  anAnnouncement(1, {
    title: 'Fermeture du campus',
    audience: { kind: 'institution', id: null, label: 'Université Skolar' },
    pinned: true,
    hoursAgo: 72,
  }),
  anAnnouncement(3, { title: 'Salle changée', hoursAgo: 2 }),
  anAnnouncement(2, {
    title: 'Rappel des partiels',
    audience: { kind: 'group', id: 5, label: 'TP A' },
    hoursAgo: 30,
    edited_at: new Date(Date.now() - 3_600_000).toISOString(),
  }),
];

/** The API's order: pinned first, then the latest. */
const pinnedThenLatest = (a: Announcement, b: Announcement) =>
  Number(b.pinned) - Number(a.pinned) || Date.parse(b.publish_at) - Date.parse(a.publish_at);

interface Server {
  list: Announcement[];
  asked: string[];
  posted: unknown[];
  patches: Array<{ id: number; body: unknown }>;
  /** The answer of the next POST or PATCH, instead of a success. */
  refuse?: { status: number; body: unknown };
}

/** The announcements' API, kept in memory: every request, the bodies sent. */
function mockServer(list: Announcement[] = LIST): Server {
  const server: Server = { list: [...list], asked: [], posted: [], patches: [] };
  let next = 100;
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    server.asked.push(`${method} ${url}`);
    if (url === '/api/announcements' && method === 'GET')
      return jsonResponse(200, { data: server.list.toSorted(pinnedThenLatest) });
    if (url === '/api/announcements/audiences') return jsonResponse(200, AUDIENCES);
    if (url === '/api/announcements' && method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      server.posted.push(body);
      if (server.refuse) return jsonResponse(server.refuse.status, server.refuse.body);
      next += 1;
      const created = anAnnouncement(next, {
        title: String(body.title),
        body: String(body.body),
        hoursAgo: 0,
        can: MINE,
      });
      server.list = [created, ...server.list];
      return jsonResponse(201, created);
    }
    const one = /^\/api\/announcements\/(\d+)$/.exec(url);
    if (one && method === 'PATCH') {
      const id = Number(one[1]);
      const body = JSON.parse(String(init.body)) as Partial<Announcement>;
      server.patches.push({ id, body });
      if (server.refuse) return jsonResponse(server.refuse.status, server.refuse.body);
      server.list = server.list.map((item) => (item.id === id ? { ...item, ...body } : item));
      return jsonResponse(
        200,
        server.list.find((item) => item.id === id),
      );
    }
    if (one && method === 'DELETE') {
      server.list = server.list.filter((item) => item.id !== Number(one[1]));
      return new Response(null, { status: 204 });
    }
    throw new Error(`Unexpected request ${method} ${url}`);
  });
  return server;
}

async function renderPage(
  role: Role,
  list: Announcement[] = LIST,
  at = '/announcements',
  live = false,
) {
  await signedInAs(role);
  if (live) mockEventSource();
  const server = mockServer(list);
  const router = createMemoryRouter([{ path: '/announcements', element: <AnnouncementsPage /> }], {
    initialEntries: [at],
  });
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { server, router, user: userEvent.setup() };
}

const cards = async () =>
  within(await screen.findByRole('list', { name: 'Annonces' })).getAllByRole('article');
const titles = async () =>
  (await cards()).map((card) => within(card).getByRole('heading', { level: 2 }).textContent);
const card = (name: string) => screen.getByRole('article', { name });

/** Types into the announcement's text (the rich text editor). */
async function typeText(user: ReturnType<typeof userEvent.setup>, text: string) {
  const editor = screen.getByRole('textbox', { name: 'Texte' });
  // Focused, not clicked: a click asks ProseMirror for the point under the mouse (no layout here).
  act(() => editor.focus());
  await user.keyboard(text);
}

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  // jsdom has none: put it back as it was.
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('the announcements page, for a learner', () => {
  it('lists pinned first, then the latest, with their audience, author, date and badges', async () => {
    const { server } = await renderPage('student');
    expect(await screen.findByRole('heading', { level: 1, name: 'Annonces' })).toBeVisible();
    expect(await titles()).toEqual(['Fermeture du campus', 'Salle changée', 'Rappel des partiels']);

    const pinned = card('Fermeture du campus');
    expect(pinned).toHaveAttribute('id', 'announcement-1');
    expect(within(pinned).getByText('Épinglée')).toBeInTheDocument();
    expect(within(pinned).getByText('Université Skolar')).toBeInTheDocument();
    expect(within(pinned).getByText('Par Claire Martin')).toBeInTheDocument();
    expect(within(pinned).getByText(/^Publiée le /)).toHaveAttribute(
      'datetime',
      LIST[0]!.published_at,
    );
    expect(within(pinned).getByText('Texte de l’annonce 1.')).toBeInTheDocument();
    expect(within(pinned).queryByText(/^modifiée le /)).toBeNull();

    const edited = card('Rappel des partiels');
    expect(within(edited).getByText(/^modifiée le /)).toBeInTheDocument();
    expect(within(edited).queryByText('Épinglée')).toBeNull();
    expect(within(edited).getByText('TP A')).toBeInTheDocument();

    // A learner posts nothing and changes nothing: no composer, no actions, no audiences asked.
    expect(screen.queryByRole('button', { name: 'Nouvelle annonce' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Modifier|^Épingler|^Retirer/ })).toBeNull();
    expect(server.asked).toEqual(['GET /api/announcements']);
  });

  it('says when there is none', async () => {
    await renderPage('student', []);
    expect(await screen.findByText('Aucune annonce pour l’instant.')).toBeInTheDocument();
  });

  it('scrolls to the card a notification leads to, focuses and highlights it', async () => {
    await renderPage('student', LIST, '/announcements#announcement-2');
    await cards();
    const target = card('Rappel des partiels');
    await waitFor(() => expect(target).toHaveFocus());
    expect(target).toHaveClass('is-target');
    expect(target.scrollIntoView).toHaveBeenCalledWith({ block: 'start' });
    expect(card('Salle changée')).not.toHaveClass('is-target');
  });

  it('says so when the card a link leads to is gone', async () => {
    await renderPage('student', LIST, '/announcements#announcement-9');
    await cards();
    expect(
      screen.getByText('Cette annonce n’est plus disponible : elle a peut-être été retirée.'),
    ).toBeInTheDocument();
  });

  it('shows a new announcement live, when its notification arrives, and drops a withdrawn one', async () => {
    const { server } = await renderPage('student', LIST, '/announcements', true);
    await cards();
    const [stream] = FakeEventSource.live();
    expect(stream?.url).toBe('/api/notifications/stream');

    server.list = [anAnnouncement(4, { title: 'Conférence jeudi', hoursAgo: 0 }), ...server.list];
    // Another type of notification leaves the list alone.
    stream!.emit('notification', aNotification(40));
    stream!.emit('notification', aNotification(41, { type: 'announcement' }), '41');
    await waitFor(() => expect(screen.getByRole('article', { name: 'Conférence jeudi' })));
    expect(server.asked.filter((line) => line === 'GET /api/announcements')).toHaveLength(2);

    // Withdrawn: its notification is gone with it, so the unread count goes down.
    server.list = server.list.filter((item) => item.id !== 3);
    stream!.emit('unread', { unread: 2 });
    stream!.emit('unread', { unread: 1 });
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Salle changée' })).toBeNull(),
    );
  });
});

describe('the announcements page, for staff', () => {
  it('posts to the whole institution at once, pinned', async () => {
    const { server, user } = await renderPage('teacher');
    await cards();
    const open = screen.getByRole('button', { name: 'Nouvelle annonce' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle annonce' });
    const audience = await within(dialog).findByRole('combobox', { name: 'Destinataires' });
    await waitFor(() => expect(audience).toBeEnabled());
    expect(within(dialog).getByRole('textbox', { name: 'Titre' })).toHaveFocus();
    expect(
      within(audience)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choisir les destinataires', 'Tout l’établissement', 'L3 Informatique', 'TP A']);
    expect(within(audience).getByRole('group', { name: 'Promotions' })).toBeInTheDocument();
    expect(within(audience).getByRole('group', { name: 'Groupes' })).toBeInTheDocument();

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Titre' }),
      'Journée portes ouvertes',
    );
    await user.selectOptions(audience, 'Tout l’établissement');
    await typeText(user, 'Venez nombreux');
    // Hints describe their boxes, outside their names: one control only is named "Destinataires".
    const pin = within(dialog).getByRole('checkbox', { name: 'Épingler' });
    expect(pin).toHaveAccessibleDescription(
      'Elle reste en tête de la liste, avant les plus récentes.',
    );
    expect(within(dialog).getAllByLabelText(/destinataires/i)).toEqual([audience]);
    await user.click(pin);
    expect(within(dialog).queryByLabelText('Date et heure de publication')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Publier' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.posted).toEqual([
      {
        title: 'Journée portes ouvertes',
        body: '<p>Venez nombreux</p>',
        audience: 'institution',
        audience_id: null,
        pinned: true,
        publish_at: null,
      },
    ]);
    expect(await screen.findByText('Annonce publiée.')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Journée portes ouvertes' })).toBeVisible();
    expect(open).toHaveFocus();
  });

  it('schedules one for a group, sent as an instant with the browser’s offset', async () => {
    const { server, user } = await renderPage('teacher');
    await cards();
    await user.click(screen.getByRole('button', { name: 'Nouvelle annonce' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle annonce' });
    const audience = await within(dialog).findByRole('combobox', { name: 'Destinataires' });
    await waitFor(() => expect(audience).toBeEnabled());
    await user.type(within(dialog).getByRole('textbox', { name: 'Titre' }), 'Sortie');
    await user.selectOptions(audience, 'TP A');
    await typeText(user, 'Départ à 8 h');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Publier plus tard/ }));
    const when = within(dialog).getByLabelText('Date et heure de publication');
    expect(when).toHaveAccessibleDescription(/^Heure de votre appareil \(.+\)\. Les destinataires/);
    // A moment gone is refused before anything is sent.
    await user.type(when, '2020-01-10T08:00');
    await user.click(within(dialog).getByRole('button', { name: 'Programmer' }));
    expect(await within(dialog).findByText('Choisissez un moment à venir.')).toBeVisible();
    expect(server.posted).toEqual([]);

    await user.clear(when);
    await user.type(when, '2099-12-01T09:30');
    await user.click(within(dialog).getByRole('button', { name: 'Programmer' }));
    await waitFor(() => expect(server.posted).toHaveLength(1));
    const [sent] = server.posted as Array<Record<string, unknown>>;
    expect(sent).toMatchObject({ audience: 'group', audience_id: 5, pinned: false });
    expect(sent!.publish_at).toMatch(/^2099-12-01T09:30:00[+-]\d\d:\d\d$/);
    expect(Date.parse(String(sent!.publish_at))).toBe(new Date(2099, 11, 1, 9, 30).getTime());
    expect(await screen.findByText('Annonce programmée.')).toBeInTheDocument();
  });

  it('shows the server’s refusal of the audience under its field, and an empty text under the editor', async () => {
    const { server, user } = await renderPage('teacher');
    await cards();
    await user.click(screen.getByRole('button', { name: 'Nouvelle annonce' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle annonce' });
    const audience = await within(dialog).findByRole('combobox', { name: 'Destinataires' });
    await waitFor(() => expect(audience).toBeEnabled());
    await user.type(within(dialog).getByRole('textbox', { name: 'Titre' }), 'Info');
    await user.selectOptions(audience, 'L3 Informatique');
    await user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    expect(await within(dialog).findByText('Ce champ est obligatoire.')).toBeVisible();
    expect(server.posted).toEqual([]);

    await typeText(user, 'Bonjour');
    server.refuse = {
      status: 422,
      body: {
        message: 'Certaines valeurs sont invalides.',
        errors: {
          audience_id: ['Choisissez l’établissement, une de vos promotions ou un de vos groupes.'],
        },
      },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    await waitFor(() => expect(audience).toHaveAttribute('aria-invalid', 'true'));
    expect(audience).toHaveAccessibleDescription(
      'Choisissez l’établissement, une de vos promotions ou un de vos groupes.',
    );
    expect(audience).toHaveFocus();
    expect(server.posted).toMatchObject([{ audience: 'promotion', audience_id: 3 }]);
    expect(screen.getByRole('dialog', { name: 'Nouvelle annonce' })).toBeInTheDocument();
  });

  it('edits an announcement, sending only what changed', async () => {
    const list = LIST.map((item) => ({ ...item, can: MINE }));
    const { server, user } = await renderPage('teacher', list);
    await cards();
    expect(screen.queryByRole('heading', { name: 'Modifier l’annonce' })).toBeNull();
    const edit = screen.getByRole('button', { name: 'Modifier « Salle changée »' });
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Modifier l’annonce' });
    // Out already: its audience stays, it cannot be scheduled any more.
    expect(await within(dialog).findByText('Destinataires : L3 Informatique')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    expect(within(dialog).queryByRole('checkbox', { name: /^Publier plus tard/ })).toBeNull();
    const title = within(dialog).getByRole('textbox', { name: 'Titre' });
    expect(title).toHaveValue('Salle changée');
    await user.clear(title);
    await user.type(title, 'Salle B204');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.patches).toEqual([{ id: 3, body: { title: 'Salle B204' } }]);
    expect(server.asked).not.toContain('GET /api/announcements/audiences');
    expect(await screen.findByText('Annonce enregistrée.')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Salle B204' })).toBeVisible();
    expect(edit).toHaveFocus();
  });

  it('publishes a scheduled one now, and shows it scheduled until then', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = anAnnouncement(7, {
      title: 'Vacances',
      publish_at: later,
      published_at: null,
      can: MINE,
    });
    const { server, user } = await renderPage('teacher', [scheduled, ...LIST]);
    await cards();
    const item = card('Vacances');
    expect(within(item).getByText(/^Programmée pour le /)).toHaveAttribute('datetime', later);
    expect(within(item).queryByText(/^Publiée le /)).toBeNull();

    await user.click(within(item).getByRole('button', { name: 'Modifier « Vacances »' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier l’annonce' });
    const box = await within(dialog).findByRole('checkbox', { name: /^Publier plus tard/ });
    expect(box).toBeChecked();
    expect(within(dialog).getByLabelText('Date et heure de publication')).not.toHaveValue('');
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(server.patches).toEqual([{ id: 7, body: { publish_at: null } }]));
    expect(await screen.findByText('Annonce publiée.')).toBeInTheDocument();
  });

  it('pins one: it goes first, and the focus stays on its button', async () => {
    const list = LIST.map((item) => ({ ...item, can: MINE }));
    const { server, user } = await renderPage('teacher', list);
    await cards();
    await user.click(screen.getByRole('button', { name: 'Épingler « Rappel des partiels »' }));
    await waitFor(() => expect(server.patches).toEqual([{ id: 2, body: { pinned: true } }]));
    await waitFor(async () =>
      expect(await titles()).toEqual([
        'Rappel des partiels',
        'Fermeture du campus',
        'Salle changée',
      ]),
    );
    const unpin = screen.getByRole('button', { name: 'Désépingler « Rappel des partiels »' });
    await waitFor(() => expect(unpin).toHaveFocus());
    expect(await screen.findByText('Annonce épinglée.')).toBeInTheDocument();
    expect(within(card('Rappel des partiels')).getByText('Épinglée')).toBeInTheDocument();

    await user.click(unpin);
    await waitFor(() => expect(server.patches).toHaveLength(2));
    expect(server.patches[1]).toEqual({ id: 2, body: { pinned: false } });
    expect(await screen.findByText('Annonce désépinglée.')).toBeInTheDocument();
  });

  it('withdraws one after a confirmation, the focus on the card that follows', async () => {
    const list = LIST.map((item) => ({ ...item, can: MINE }));
    const { server, user } = await renderPage('teacher', list);
    await cards();
    await user.click(screen.getByRole('button', { name: 'Retirer « Salle changée »' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Retirer cette annonce ?' });
    expect(confirm).toHaveTextContent(
      '« Salle changée » disparaîtra pour ses destinataires, avec ses notifications.',
    );
    // Cancelled: nothing sent.
    await user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    expect(server.asked).not.toContain('DELETE /api/announcements/3');

    await user.click(screen.getByRole('button', { name: 'Retirer « Salle changée »' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Retirer' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Salle changée' })).toBeNull(),
    );
    expect(server.asked).toContain('DELETE /api/announcements/3');
    expect(await screen.findByText('Annonce retirée.')).toBeInTheDocument();
    await waitFor(() => expect(card('Rappel des partiels')).toHaveFocus());
  });

  it('shows only the actions each announcement allows', async () => {
    const list = [
      { ...LIST[0]!, can: { update: false, delete: false } },
      { ...LIST[1]!, can: MINE },
    ];
    await renderPage('teacher', list);
    await cards();
    expect(
      within(card('Fermeture du campus'))
        .queryAllByRole('button')
        .map((button) => button.title),
    ).toEqual([]);
    expect(
      within(card('Salle changée'))
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Modifier « Salle changée »',
      'Épingler « Salle changée »',
      'Retirer « Salle changée »',
    ]);
  });
});
