import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import type { Recording } from '../../machines/recording';
import { DEMO_PASSWORD, expect, logInReady, newPortalUser, test } from './fixtures';

const run = promisify(execFile);

/** Changes the password in the profile popup: once with a wrong current password (refused), then for real, then back. */
async function changePassword(page: Page, from: string, to: string): Promise<void> {
  await page.getByTestId('user-name').click();
  await page.getByRole('dialog', { name: 'My Profile' }).getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Current Password', { exact: true }).fill('Wrong@12345');
  await dialog.getByLabel('New Password', { exact: true }).fill(to);
  await dialog.getByLabel('Confirm Password', { exact: true }).fill(to);
  await dialog.getByRole('button', { name: 'Save Password' }).click();
  await expect(dialog.getByText('The current password is not correct.', { exact: true })).toBeVisible();
  await dialog.getByLabel('Current Password', { exact: true }).fill(from);
  await dialog.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByText('Password Changed Successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

test.describe('QA inspection', () => {
  test('without ?inspect no inspector is loaded and nothing records', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => scripts.push(r.url()));
    await logInReady(page, 't1@anchor.test');
    expect(await page.evaluate(() => typeof window.__flowRecorder)).toBe('undefined');
    expect(scripts.filter((u) => /\/assets\/inspector-/.test(u))).toEqual([]);
  });

  test('sees the session live, records a password change on the inspector page, and npm run replay reaches the same final state', async ({
    page,
  }, testInfo) => {
    const login = await newPortalUser(page.request, 'Inspect', DEMO_PASSWORD);
    const popup = page.waitForEvent('popup');
    await page.goto('/login?inspect');
    // The inspector window opens on our own page.
    const inspector = await popup;
    await expect(inspector).toHaveURL(/\/__inspector$/);
    await page.getByLabel('Email ID').fill(login);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('user-name')).toBeVisible();
    // The session machine's states appear live.
    const session = inspector.locator('[data-testid="inspector-actor"][data-machine="session"]').first();
    await expect(session.getByTestId('actor-state').first()).toHaveText(/^loggedIn\./);

    await inspector.getByLabel('Title (optional)').fill('profile password change');
    await inspector.getByRole('button', { name: 'Start recording' }).click();
    await expect(inspector.getByTestId('recording-status')).toHaveText('Recording…');
    await changePassword(page, DEMO_PASSWORD, 'Inspect@2026');
    await inspector.getByRole('button', { name: 'Stop recording' }).click();
    const downloading = inspector.waitForEvent('download');
    await inspector.getByTestId('recording-download').click();
    const download = await downloading;
    const file = join(mkdtempSync(join(tmpdir(), 'flow-')), download.suggestedFilename());
    await download.saveAs(file);

    const text = readFileSync(file, 'utf8');
    for (const secret of ['Wrong@12345', 'Inspect@2026', DEMO_PASSWORD]) expect(text).not.toContain(secret);
    const recording = JSON.parse(text) as Recording;
    expect(recording.title).toBe('profile password change');
    expect(recording.actors.map((a) => a.machine)).toEqual(expect.arrayContaining(['profile', 'form']));

    const { stdout } = await run('npx', ['tsx', 'scripts/replay.ts', file]);
    await testInfo.attach('replay', { body: stdout, contentType: 'text/plain' });
    expect(stdout).toMatch(/final {2}profile \([^)]+\): closed/);
    expect(stdout).toMatch(/final {2}form \([^)]+\): done \(done\)/);
    expect(stdout).toMatch(/submit failed/);
    expect(stdout).toMatch(/Replayed \d+ steps: every state as recorded\./);
    // The recording's own last states are the same.
    const last = (machine: string) => recording.actors.find((a) => a.machine === machine)!.steps.at(-1)!.value;
    expect([last('profile'), last('form')]).toEqual(['closed', 'done']);
  });
});
