import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { text } from './support/i18n.ts';
import { signInAs } from './support/session.ts';

const fr = (key: string, values?: Record<string, string>) => text('fr', key, values);
const STUDENT = 'student@uni.skolar.test';

test('a student hands in a project file and sees the receipt, which is also mailed', async ({
  page,
}) => {
  await signInAs(page, STUDENT);
  // The demo's open project (`tsApi`), found the way the student's pages find it.
  const mine = (await (await page.request.get('/api/me/evaluations')).json()) as {
    data: Array<{ id: number; title: string }>;
  };
  const project = mine.data.find((row) => row.title === 'Projet : API REST typée');
  expect(project).toBeDefined();
  await page.goto(`/evaluation-details/${project!.id}`);
  await expect(
    page.getByRole('heading', { name: fr('projects.title'), exact: true }),
  ).toBeVisible();

  const bytes = Buffer.from(`# API REST typée\n\nRendu e2e ${Date.now()}\n`);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await page
    .getByLabel(fr('projects.file'), { exact: true })
    .setInputFiles({ name: 'README.md', mimeType: 'text/markdown', buffer: bytes });
  await expect(page.getByText('README.md')).toBeVisible();
  // The demo holds version 1 already: this is a new version.
  await page.getByRole('button', { name: fr('projects.sendAgain') }).click();

  const receipt = page.getByRole('region', { name: fr('projects.receipt') });
  await expect(receipt.getByText(/^Version \d+ reçue$/)).toBeVisible();
  await expect(receipt.locator('code')).toHaveText(sha256);
  await expect(receipt.getByRole('link', { name: 'README.md' })).toBeVisible();
  const versions = page.getByRole('list', { name: fr('projects.versions') });
  await expect(versions.getByText('api-rest-v1.zip')).toBeVisible();
  await expect(versions.getByText(`SHA-256 ${sha256}`)).toBeVisible();

  // The stored file is the student's own bytes.
  const link = await receipt.getByRole('link', { name: 'README.md' }).getAttribute('href');
  const stored = await (await page.request.get(link!)).body();
  expect(createHash('sha256').update(stored).digest('hex')).toBe(sha256);

  const mail = await (await page.request.get(`/api/dev/mail?to=${STUDENT}`)).json();
  expect(JSON.stringify(mail)).toContain(sha256);
});
