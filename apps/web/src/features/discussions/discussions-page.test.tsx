import type { DiscussionSummary, Role } from '@skolar/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { aPost, aSummary, aThread, CLAIRE, PEOPLE, SUBJECTS } from '../../test/discussions.ts';
import { jsonResponse, mockFetch } from '../../test/fetch.ts';
import { aNotification, FakeEventSource, mockEventSource } from '../../test/notifications.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signedInAs } from '../../test/session.ts';
import { DiscussionsPage } from './discussions-page.tsx';

// ProseMirror (the text's editor) measures the selection; jsdom has no layout.
const noRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] });
Object.assign(Range.prototype, {
  getClientRects: noRects,
  getBoundingClientRect: () => new DOMRect(),
});
if (!('getClientRects' in Text.prototype)) {
  Object.assign(Text.prototype, { getClientRects: noRects });
}

/** Two threads in Algorithmique (a question answered, a plain one), one in Bases de données. */
const LIST: DiscussionSummary[] = [
  aSummary(1, {
    title: 'Complexité du tri fusion',
    is_question: true,
    answered: true,
    replies: 3,
    minutes: 5,
    subscribed: true,
  }),
  aSummary(2, {
    title: 'Jointures externes',
    subject: { id: 4, name: 'Bases de données' },
    author: CLAIRE,
    is_question: true,
    replies: 0,
    minutes: 90,
  }),
  aSummary(3, { title: 'Ressources pour réviser', replies: 1, minutes: 3000 }),
];

interface Server {
  list: DiscussionSummary[];
  total?: number;
  /** Every request, `METHOD /path?query`. */
  asked: string[];
  posted: unknown[];
  /** The answer of the next POST, instead of a success. */
  refuse?: { status: number; body: unknown };
}

/** The discussions' API, kept in memory; the list answers by subject and filter as the API does. */
function mockServer(list: DiscussionSummary[] = LIST): Server {
  const server: Server = { list: [...list], asked: [], posted: [] };
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    server.asked.push(`${method} ${url}`);
    const [path, search = ''] = url.split('?');
    const query = new URLSearchParams(search);
    if (path === '/api/discussions/subjects') return jsonResponse(200, { data: SUBJECTS });
    if (path === '/api/discussions/people') return jsonResponse(200, { data: PEOPLE });
    if (path === '/api/discussions' && method === 'GET') {
      const subject = Number(query.get('subject_id')) || undefined;
      const filter = query.get('filter') ?? 'all';
      const data = server.list.filter(
        (item) =>
          (subject === undefined || item.subject.id === subject) &&
          (filter !== 'questions' || item.is_question) &&
          (filter !== 'unanswered' || (item.is_question && !item.answered)) &&
          (filter !== 'subscribed' || item.subscribed),
      );
      return jsonResponse(200, {
        data,
        meta: {
          page: Number(query.get('page') ?? 1),
          per_page: 25,
          total: server.total ?? data.length,
        },
      });
    }
    if (path === '/api/discussions' && method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      server.posted.push(body);
      if (server.refuse) return jsonResponse(server.refuse.status, server.refuse.body);
      const thread = aThread(100, [aPost(500, { body: String(body.body) })], {
        title: String(body.title),
        is_question: Boolean(body.is_question),
      });
      server.list = [thread, ...server.list];
      return jsonResponse(201, thread);
    }
    throw new Error(`Unexpected request ${method} ${url}`);
  });
  return server;
}

/** Where a thread's link leads, in these tests. */
function ThreadStub() {
  return <h1>Fil {useParams().threadId}</h1>;
}

async function renderPage(
  role: Role = 'student',
  list: DiscussionSummary[] = LIST,
  at = '/discussions',
  total?: number,
  live = false,
) {
  await signedInAs(role);
  if (live) mockEventSource();
  const server = mockServer(list);
  server.total = total;
  const router = createMemoryRouter(
    [
      { path: '/discussions', element: <DiscussionsPage /> },
      { path: '/discussions/:threadId', element: <ThreadStub /> },
    ],
    { initialEntries: [at] },
  );
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { server, router, user: userEvent.setup() };
}

const rows = async () =>
  within(await screen.findByRole('list', { name: 'Discussions' })).getAllByRole('article');
const titles = async () =>
  (await rows()).map((row) => within(row).getByRole('heading', { level: 2 }).textContent);
const lists = (server: Server) =>
  server.asked.filter(
    (line) => line.startsWith('GET /api/discussions?') || line === 'GET /api/discussions',
  );

describe('the discussions page', () => {
  it('lists the threads with their subject, author, badges, replies and last activity', async () => {
    await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Discussions' })).toBeVisible();
    expect(await titles()).toEqual([
      'Complexité du tri fusion',
      'Jointures externes',
      'Ressources pour réviser',
    ]);

    const answered = screen.getByRole('article', { name: 'Complexité du tri fusion' });
    expect(
      within(answered).getByRole('link', { name: 'Complexité du tri fusion' }),
    ).toHaveAttribute('href', '/discussions/1');
    expect(within(answered).getByText('Algorithmique')).toBeInTheDocument();
    expect(within(answered).getByText('Par Lucas Bernard')).toBeInTheDocument();
    expect(within(answered).getByText('Résolue')).toBeInTheDocument();
    expect(within(answered).queryByText('Question')).toBeNull();
    expect(within(answered).getByText('3 réponses')).toBeInTheDocument();
    expect(within(answered).getByText('Suivie')).toBeInTheDocument();
    expect(within(answered).getByText('il y a 5 min')).toHaveAttribute(
      'datetime',
      LIST[0]!.last_activity_at,
    );

    const open = screen.getByRole('article', { name: 'Jointures externes' });
    expect(within(open).getByText('Question')).toBeInTheDocument();
    expect(within(open).getByText('Équipe')).toBeInTheDocument();
    expect(within(open).getByText('0 réponse')).toBeInTheDocument();
    expect(within(open).getByText('Bases de données')).toBeInTheDocument();

    const plain = screen.getByRole('article', { name: 'Ressources pour réviser' });
    expect(within(plain).queryByText(/^Question$|^Résolue$/)).toBeNull();
    expect(screen.getByText('1–3 sur 3')).toBeInTheDocument();
    // The server's page size is fixed: no choice of rows per page.
    expect(screen.queryByRole('combobox', { name: 'Lignes par page' })).toBeNull();
  });

  it('narrows the list to a subject and a filter, kept in the address', async () => {
    const { server, user, router } = await renderPage();
    await rows();
    const subject = screen.getByRole('combobox', { name: 'Matière' });
    await waitFor(() =>
      expect(
        within(subject)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        'Toutes mes matières',
        'Algorithmique (2 discussions)',
        'Bases de données (1 discussion)',
      ]),
    );
    await user.selectOptions(subject, 'Bases de données (1 discussion)');
    await waitFor(async () => expect(await titles()).toEqual(['Jointures externes']));
    expect(router.state.location.search).toBe('?subject=4');
    expect(lists(server).at(-1)).toBe('GET /api/discussions?subject_id=4');

    await user.selectOptions(subject, 'Toutes mes matières');
    await user.click(screen.getByRole('radio', { name: 'Sans réponse' }));
    await waitFor(async () => expect(await titles()).toEqual(['Jointures externes']));
    expect(router.state.location.search).toBe('?filter=unanswered');
    expect(lists(server).at(-1)).toBe('GET /api/discussions?filter=unanswered');

    await user.click(screen.getByRole('radio', { name: 'Suivies' }));
    await waitFor(async () => expect(await titles()).toEqual(['Complexité du tri fusion']));
  });

  it('opens with the subject and filter of the address, and pages through 25 at a time', async () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      aSummary(index + 1, { is_question: true }),
    );
    const { server, user, router } = await renderPage(
      'student',
      many,
      '/discussions?subject=3&filter=questions',
      30,
    );
    await rows();
    expect(screen.getByRole('combobox', { name: 'Matière' })).toHaveValue('3');
    expect(screen.getByRole('radio', { name: 'Questions' })).toBeChecked();
    expect(lists(server)).toEqual(['GET /api/discussions?subject_id=3&filter=questions']);
    expect(screen.getByText('1–25 sur 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() =>
      expect(lists(server).at(-1)).toBe(
        'GET /api/discussions?subject_id=3&filter=questions&page=2',
      ),
    );
    expect(router.state.location.search).toBe('?subject=3&filter=questions&page=2');
    expect(await screen.findByText('Page 2 sur 2')).toBeInTheDocument();
  });

  it('says when there is none, and when none matches', async () => {
    const { user } = await renderPage('student', []);
    expect(
      await screen.findByText(
        'Aucune discussion pour l’instant. Ouvrez la première avec « Nouvelle discussion ».',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Questions' }));
    expect(
      await screen.findByText('Aucune discussion ne correspond à ces critères.'),
    ).toBeInTheDocument();
  });

  it('asks the list again when a reply’s notification arrives', async () => {
    const { server } = await renderPage('student', LIST, '/discussions', undefined, true);
    await rows();
    const [stream] = FakeEventSource.live();
    server.list = [aSummary(9, { title: 'Nouvelle question', minutes: 0 }), ...server.list];
    // Another type of notification leaves the list alone.
    stream!.emit('notification', aNotification(40));
    expect(lists(server)).toHaveLength(1);
    stream!.emit(
      'notification',
      aNotification(41, { type: 'discussion_reply', link: '/discussions/9' }),
    );
    expect(await screen.findByRole('article', { name: 'Nouvelle question' })).toBeVisible();
  });
});

/** Types into the rich text editor named `name`. */
async function typeText(user: ReturnType<typeof userEvent.setup>, name: string, text: string) {
  const editor = screen.getByRole('textbox', { name });
  // Focused, not clicked: a click asks ProseMirror for the point under the mouse (no layout here).
  act(() => editor.focus());
  await user.keyboard(text);
}

describe('opening a discussion', () => {
  it('posts the subject, title, text, question and the ids of the people mentioned, then leads to it', async () => {
    const { server, user, router } = await renderPage('student', LIST, '/discussions?subject=3');
    await rows();
    await user.click(await screen.findByRole('button', { name: 'Nouvelle discussion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle discussion' });
    // The subject the list shows is chosen already; the title has the focus.
    expect(within(dialog).getByRole('combobox', { name: 'Matière' })).toHaveValue('3');
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Titre' })).toHaveFocus(),
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Titre' }),
      'Récursivité terminale',
    );
    await typeText(user, 'Message', 'Comment la reconnaître ?');
    await user.click(within(dialog).getByRole('checkbox', { name: 'C’est une question' }));

    const mention = within(dialog).getByRole('combobox', { name: 'Mentionner' });
    await user.type(mention, 'luc');
    const suggestions = await within(dialog).findByRole('listbox', {
      name: 'Personnes à mentionner',
    });
    expect(
      within(suggestions)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Lucas Bernard']);
    await user.click(within(suggestions).getByRole('option', { name: 'Lucas Bernard' }));
    // Accents aside: "elo" finds Éloïse; the keyboard chooses too.
    await user.type(mention, 'elo');
    await user.keyboard('{ArrowDown}{Enter}');
    const chosen = within(dialog).getByRole('list', { name: 'Personnes mentionnées' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lucas Bernard', 'Éloïse Petit']);
    await user.click(
      within(chosen).getByRole('button', { name: 'Ne plus mentionner Éloïse Petit' }),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/discussions/100'));
    expect(server.posted).toEqual([
      {
        subject_id: 3,
        title: 'Récursivité terminale',
        body: '<p>Comment la reconnaître ?</p>',
        is_question: true,
        mentions: [21],
        attachment_ids: [],
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Fil 100' })).toBeInTheDocument();
    expect(await screen.findByText('Discussion publiée.')).toBeInTheDocument();
  });

  it('asks for a subject, a title and a text before sending, and shows the server’s refusal of a mention', async () => {
    const { server, user } = await renderPage();
    await rows();
    await user.click(await screen.findByRole('button', { name: 'Nouvelle discussion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle discussion' });
    const mention = within(dialog).getByRole('combobox', { name: 'Mentionner' });
    // No subject yet: whom to mention depends on it.
    expect(mention).toBeDisabled();
    expect(mention).toHaveAccessibleDescription('Choisissez d’abord une matière.');
    await user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    expect(
      await within(dialog).findByText('Choisissez une matière que vous suivez.'),
    ).toBeVisible();
    expect(within(dialog).getAllByText('Ce champ est obligatoire.')).toHaveLength(2);
    expect(server.posted).toEqual([]);

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Matière' }),
      'Algorithmique',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Titre' }), 'Partiel');
    await typeText(user, 'Message', 'Quand ?');
    await user.type(mention, 'Claire');
    await user.click(await within(dialog).findByRole('option', { name: /Claire Martin/ }));
    server.refuse = {
      status: 422,
      body: {
        message: 'Certaines valeurs sont invalides.',
        errors: { mentions: ['Cette personne ne peut pas lire cette discussion.'] },
      },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    const error = await within(dialog).findByRole('alert');
    expect(error).toHaveTextContent('Cette personne ne peut pas lire cette discussion.');
    expect(mention).toHaveAttribute('aria-invalid', 'true');
    expect(mention).toHaveFocus();
    expect(server.posted).toMatchObject([{ subject_id: 3, mentions: [12] }]);
    expect(screen.getByRole('dialog', { name: 'Nouvelle discussion' })).toBeInTheDocument();
  });
});
