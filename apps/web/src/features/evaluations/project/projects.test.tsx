import type {
  Evaluation,
  HandInQuota,
  MyEvaluationDetail,
  SubmissionReceipt,
  SubmissionRosterRow,
} from '@skolar/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { HandInPanel } from './hand-in-panel.tsx';
import { SubmissionsPanel } from './submissions-panel.tsx';

const SHA_1 = 'a'.repeat(64);
const MB = 1024 * 1024;
/** The quota after version 1 (the API's: 20 versions, 100 MB, binary megabytes). */
const QUOTA_1: HandInQuota = {
  versions_used: 1,
  versions_max: 20,
  bytes_used: 38 * MB,
  bytes_max: 100 * MB,
};
const SHA_2 = '0123456789abcdef'.repeat(4);
const VERSION_1: SubmissionReceipt = {
  id: 11,
  version: 1,
  submitted_at: '2026-11-20T09:30:00.000Z',
  file_name: 'api-rest-v1.zip',
  mime: 'application/zip',
  size: 945,
  sha256: SHA_1,
  file_link: '/api/files/41',
  late_minutes: 0,
};
const VERSION_2: SubmissionReceipt = {
  id: 12,
  version: 2,
  submitted_at: '2026-11-23T08:15:42.000Z',
  file_name: 'rapport final.pdf',
  mime: 'application/pdf',
  size: 2_400_000,
  sha256: SHA_2,
  file_link: '/api/files/42',
  late_minutes: 0,
};

const core = {
  id: 5,
  type: 'project' as const,
  title: 'Projet : API REST typée',
  date: '2026-11-12',
  start_time: null,
  end_time: null,
  duration_minutes: null,
  deadline: '2026-11-25T17:00:00.000Z',
  late_until: null,
  late_penalty: null,
  location: null,
  organizer: 'Thomas Lefèvre',
  domain: 'Informatique',
  percentage: 50,
  scale: 20,
  has_quiz: false,
  opens_at: '2026-11-11T23:00:00.000Z',
  closes_at: '2026-11-25T17:00:00.000Z',
  subject: { id: 3, name: 'TypeScript' },
  training: { id: 2, title: 'Algorithmique et programmation' },
  time_zone: 'Europe/Paris',
};

function detail(overrides: Partial<MyEvaluationDetail> = {}): MyEvaluationDetail {
  return {
    ...core,
    status: 'soon',
    is_open: true,
    attempt: null,
    submission: { version: 1, submitted_at: VERSION_1.submitted_at },
    description: '',
    document_link: null,
    correction_link: null,
    submissions: [VERSION_1],
    quota: QUOTA_1,
    extra_minutes: 0,
    result: null,
    server_now: '2026-11-23T08:00:00.000Z',
    ...overrides,
  };
}

const STAFF_EVALUATION: Evaluation = {
  ...core,
  description: '',
  deadline_local: '2026-11-25T18:00',
  late_until_local: null,
  shuffle: false,
  document_link: null,
  correction_link: null,
  question_count: 0,
  archived_at: null,
  permissions: { update: true, delete: true, archive: true, grade: true },
} as Evaluation;

async function chooseFile(name: string) {
  const file = new File(['%PDF-1.4 test'], name, { type: 'application/pdf' });
  fireEvent.change(screen.getByLabelText('Fichier'), { target: { files: [file] } });
  await screen.findByRole('button', { name: `Retirer ${name}` });
  return file;
}

describe('the hand-in panel', () => {
  it('hands in the chosen file and shows the receipt with its SHA-256 and every version', async () => {
    const fetch = mockFetch((_url, init) =>
      init.method === 'POST'
        ? jsonResponse(201, {
            ...VERSION_2,
            quota: { ...QUOTA_1, versions_used: 2, bytes_used: 40.4 * MB },
          })
        : jsonResponse(200, {}),
    );
    renderWithProviders(<HandInPanel evaluation={detail()} />);
    expect(screen.getByRole('button', { name: 'Rendre une nouvelle version' })).toBeDisabled();
    expect(
      screen.getByText(/^Versions : 1 sur 20 · Espace utilisé : 38 Mo sur 100 Mo/),
    ).toBeInTheDocument();
    expect(screen.getByText('Il vous reste 19 versions et 62 Mo.')).toBeInTheDocument();
    const file = await chooseFile('rapport final.pdf');
    expect(screen.getByText('rapport final.pdf')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Rendre une nouvelle version' }));

    const receipt = await screen.findByRole('region', { name: 'Accusé de réception' });
    expect(within(receipt).getByText('Version 2 reçue')).toBeInTheDocument();
    expect(within(receipt).getByText(SHA_2).tagName).toBe('CODE');
    expect(within(receipt).getByRole('link', { name: 'rapport final.pdf' })).toHaveAttribute(
      'href',
      '/api/files/42',
    );
    expect(within(receipt).getByText(/23 novembre 2026/)).toBeInTheDocument();
    expect(within(receipt).getByText(/2,4\s*Mo/)).toBeInTheDocument();
    expect(
      within(receipt).getByRole('button', { name: 'Copier l’empreinte SHA-256' }),
    ).toBeInTheDocument();

    const versions = screen.getByRole('list', { name: 'Versions rendues' });
    expect(
      within(versions)
        .getAllByRole('listitem')
        .map((item) => within(item).getByText(/^Version \d$/).textContent),
    ).toEqual(['Version 2', 'Version 1']);
    // The quota counts the new version at once.
    expect(
      screen.getByText(/^Versions : 2 sur 20 · Espace utilisé : 40,4 Mo sur 100 Mo/),
    ).toBeInTheDocument();
    expect(screen.getByText('Il vous reste 18 versions et 59,6 Mo.')).toBeInTheDocument();

    const [url, init] = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(url).toBe('/api/evaluations/5/submissions');
    expect((init!.body as FormData).get('file')).toEqual(file);
  });

  it('says why a file is refused: its type (415), its size (413), the deadline (409)', async () => {
    const answers = [
      jsonResponse(415, { message: 'x' }),
      jsonResponse(413, { message: 'x' }),
      jsonResponse(409, { message: 'x' }),
    ];
    mockFetch(() => answers.shift()!);
    renderWithProviders(<HandInPanel evaluation={detail({ submissions: [] })} />);
    await chooseFile('page.html');
    const send = screen.getByRole('button', { name: 'Rendre le projet' });
    fireEvent.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce type de fichier n’est pas accepté',
    );
    fireEvent.click(send);
    expect(await screen.findByText(/trop volumineux/)).toBeInTheDocument();
    fireEvent.click(send);
    expect(await screen.findByText(/Le dépôt de ce projet est fermé/)).toBeInTheDocument();
    expect(screen.getByText('Rien n’a encore été rendu.')).toBeInTheDocument();
  });

  it('says why a file is refused over the quota (409, 413 with the quota) or too fast (429)', async () => {
    const answers = [
      jsonResponse(409, {
        message: 'x',
        quota: { ...QUOTA_1, versions_used: 20 },
      }),
      jsonResponse(413, { message: 'x', quota: { ...QUOTA_1, bytes_used: 99 * MB } }),
      jsonResponse(429, { message: 'x' }, { 'retry-after': '600' }),
    ];
    mockFetch((_url, init) => (init.method === 'POST' ? answers.shift()! : jsonResponse(200, {})));
    renderWithProviders(<HandInPanel evaluation={detail()} />);
    await chooseFile('rapport.pdf');
    const send = screen.getByRole('button', { name: 'Rendre une nouvelle version' });
    fireEvent.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vous avez déjà rendu 20 versions de ce projet, le maximum : ce fichier n’a pas été enregistré.',
    );
    fireEvent.click(send);
    expect(
      await screen.findByText(
        'Ce fichier (0,1 ko) dépasse l’espace qui vous reste pour ce projet (1 Mo sur 100 Mo) : il n’a pas été enregistré.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(send);
    expect(
      await screen.findByText('Trop de fichiers envoyés en peu de temps : réessayez dans 10 min.'),
    ).toBeInTheDocument();
  });

  it('offers no file picker once the quota is used, and says so', () => {
    renderWithProviders(
      <HandInPanel evaluation={detail({ quota: { ...QUOTA_1, versions_used: 20 } })} />,
    );
    expect(screen.queryByLabelText('Fichier')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Vous avez utilisé tout votre quota pour ce projet (20 versions, 100 Mo)',
    );
    expect(screen.getByText(/^Versions : 20 sur 20/)).toBeInTheDocument();
  });

  it('offers no file picker after the deadline, and says so, keeping the versions', () => {
    renderWithProviders(
      <HandInPanel
        evaluation={detail({ is_open: false, server_now: '2026-11-26T08:00:00.000Z' })}
      />,
    );
    expect(screen.queryByLabelText('Fichier')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('La date limite est passée');
    expect(screen.getByRole('link', { name: 'api-rest-v1.zip' })).toBeInTheDocument();
  });

  it('still takes a hand-in after the deadline until the cut-off, saying so, its cost and how late each version came', () => {
    renderWithProviders(
      <HandInPanel
        evaluation={detail({
          late_until: '2026-11-28T17:00:00.000Z',
          late_penalty: 10,
          closes_at: '2026-11-28T17:00:00.000Z',
          server_now: '2026-11-26T08:00:00.000Z',
          submissions: [{ ...VERSION_1, late_minutes: 25 * 60 }],
        })}
      />,
    );
    expect(screen.getByLabelText('Fichier')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      /encore accepté jusqu’au 28 novembre 2026 .*pénalité de 10 % du barème par jour de retard entamé/,
    );
    expect(screen.getByText(/^En retard de 1 j 1 h$/)).toBeInTheDocument();
  });

  it('says when hand-ins open before they do', () => {
    renderWithProviders(
      <HandInPanel
        evaluation={detail({
          is_open: false,
          submissions: [],
          server_now: '2026-11-10T08:00:00.000Z',
        })}
      />,
    );
    expect(screen.queryByLabelText('Fichier')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(/Le dépôt ouvre le 1[12] novembre 2026/);
  });
});

describe('the submissions panel', () => {
  const roster: SubmissionRosterRow[] = [
    {
      student: { id: 8, first_name: 'Léa', last_name: 'Dubois', email: 'lea@uni.test' },
      latest: VERSION_2,
      versions: 2,
      extension: {
        deadline: '2026-11-27T17:00:00.000Z',
        deadline_local: '2026-11-27T18:00',
        reason: 'Certificat médical',
      },
    },
    {
      student: { id: 9, first_name: 'Hugo', last_name: 'Martin', email: 'hugo@uni.test' },
      latest: null,
      versions: 0,
      extension: null,
    },
  ];

  it('shows a blind-marked project’s students by participant number, without an address', async () => {
    const blindRoster = [
      {
        student: { id: 482913, first_name: '', last_name: '', email: '' },
        latest: { ...VERSION_2, file_name: 'participant-482913-v2.pdf' },
        versions: 2,
        extension: null,
      },
    ];
    mockFetch(() => jsonResponse(200, { blind: true, data: blindRoster, groups: [] }));
    renderWithProviders(<SubmissionsPanel evaluation={STAFF_EVALUATION} />);
    expect(
      await screen.findByRole('button', { name: 'Versions de Participant 482913' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'participant-482913-v2.pdf' })).toBeInTheDocument();
    expect(screen.queryByText('@')).toBeNull();
  });

  it('lists who handed in what, links the zip, and opens one student’s versions', async () => {
    mockFetch((url) =>
      url.endsWith('/submissions/8')
        ? jsonResponse(200, { data: [VERSION_2, VERSION_1] })
        : jsonResponse(200, { blind: false, data: roster, groups: [] }),
    );
    renderWithProviders(<SubmissionsPanel evaluation={STAFF_EVALUATION} />);
    expect(await screen.findByText('1 étudiant sur 2 a rendu.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tout télécharger (zip)' })).toHaveAttribute(
      'href',
      '/api/evaluations/5/submissions.zip',
    );
    expect(screen.getByRole('link', { name: 'rapport final.pdf' })).toHaveAttribute(
      'href',
      '/api/files/42',
    );
    expect(screen.getByText('2 versions')).toBeInTheDocument();
    expect(screen.getByText('Aucun rendu')).toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Versions de Dubois Léa' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    const versions = await screen.findByRole('list', { name: 'Versions rendues' });
    expect(within(versions).getByText('Version 1')).toBeInTheDocument();
    expect(within(versions).getByText(`SHA-256 ${SHA_1}`)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Masquer les versions de Dubois Léa' }),
    ).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows a student’s own deadline and grants another one with its reason', async () => {
    const fetch = mockFetch((_url, init) =>
      init.method === 'PUT'
        ? jsonResponse(200, {
            deadline: '2026-11-26T17:00:00.000Z',
            deadline_local: '2026-11-26T18:00',
            reason: 'Stage',
          })
        : jsonResponse(200, { blind: false, data: roster, groups: [] }),
    );
    renderWithProviders(<SubmissionsPanel evaluation={STAFF_EVALUATION} />);
    expect(await screen.findByText(/Délai jusqu’au/)).toHaveAttribute(
      'title',
      'Certificat médical',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Modifier le délai' }));
    const dialog = await screen.findByRole('dialog', { name: 'Délai pour Dubois Léa' });
    expect(within(dialog).getByLabelText('Nouvelle date limite')).toHaveValue('2026-11-27T18:00');
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    fireEvent.click(screen.getByRole('button', { name: 'Accorder un délai' }));
    const grant = await screen.findByRole('dialog', { name: 'Délai pour Martin Hugo' });
    fireEvent.change(within(grant).getByLabelText('Nouvelle date limite'), {
      target: { value: '2026-11-26T18:00' },
    });
    fireEvent.change(within(grant).getByLabelText('Raison'), { target: { value: 'Stage' } });
    fireEvent.click(within(grant).getByRole('button', { name: 'Accorder le délai' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [url, init] = fetch.mock.calls.find(([, call]) => call?.method === 'PUT')!;
    expect(String(url)).toContain('/api/evaluations/5/extensions/9');
    expect(JSON.parse(String(init?.body))).toEqual({
      deadline: '2026-11-26T18:00',
      reason: 'Stage',
    });
  });

  it('gives a whole group the same deadline in one step', async () => {
    const fetch = mockFetch((_url, init) =>
      init.method === 'PUT'
        ? jsonResponse(200, {
            students: 2,
            deadline: '2026-11-28T17:00:00.000Z',
            deadline_local: '2026-11-28T18:00',
            reason: 'Sortie',
          })
        : jsonResponse(200, {
            data: roster,
            groups: [
              { id: 3, name: 'Groupe A', student_ids: [8] },
              { id: 4, name: 'Groupe B', student_ids: [8, 9] },
            ],
          }),
    );
    renderWithProviders(<SubmissionsPanel evaluation={STAFF_EVALUATION} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Prolonger pour un groupe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Prolonger pour un groupe' });
    fireEvent.change(within(dialog).getByLabelText('Groupe'), { target: { value: '4' } });
    expect(within(dialog).getByRole('option', { name: 'Groupe B (2 étudiants)' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Nouvelle date limite'), {
      target: { value: '2026-11-28T18:00' },
    });
    fireEvent.change(within(dialog).getByLabelText('Raison'), { target: { value: 'Sortie' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accorder le délai' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [url, init] = fetch.mock.calls.find(([, call]) => call?.method === 'PUT')!;
    expect(String(url)).toContain('/api/evaluations/5/group-extensions/4');
    expect(JSON.parse(String(init?.body))).toEqual({
      deadline: '2026-11-28T18:00',
      reason: 'Sortie',
    });
  });
});
