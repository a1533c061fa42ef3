import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import type { Recording } from '../../machines/recording';
import { DEMO_PASSWORD, expect, logInReady, test } from './fixtures';

const run = promisify(execFile);
/** The spare login whose password these tests change (mock-server/seed/index.ts, QA_LOGINS). */
const QA_LOGIN = 'qa.inspect@anchor.test';

/** Changes the password in the profile popup: once with a wrong current password (refused), then for real, then back. */
async function changePassword(page: Page, from: string, to: string): Promise<void> {
  await page.getByTestId('user-name').click();
  await page.getByRole('dialog', { name: 'My Profile' }).getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Current Password', { exact: true }).fill('Wrong@12345');
  await dialog.getByLabel('New Password', { exact: true }).fill(to);
  await dialog.getByLabel('Confirm Password', { exact: true }).fill(to);
  await dialog.getByRole('button', { name: 'Save Password' }).click();
  await expect(dialog.getByText('The current password is not correct.')).toBeVisible();
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

  test('records a profile password change with ?inspect, and npm run replay reaches the same final state', async ({ page }, testInfo) => {
    const popup = page.waitForEvent('popup');
    await page.goto('/login?inspect');
    // The inspector window opens on our own page.
    await expect(await popup).toHaveURL(/\/__inspector$/);
    await page.getByLabel('Email ID').fill(QA_LOGIN);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('user-name')).toBeVisible();

    await page.evaluate(() => window.__flowRecorder!.start('profile password change'));
    await expect(page.getByRole('status').filter({ hasText: 'Recording this flow' })).toBeVisible();
    await changePassword(page, DEMO_PASSWORD, 'Inspect@2026');
    const recording = (await page.evaluate(() => window.__flowRecorder!.stop())) as Recording;
    // Back to the demo password for the next run on this mock (outside the recording).
    await changePassword(page, 'Inspect@2026', DEMO_PASSWORD);

    const text = JSON.stringify(recording);
    for (const secret of ['Wrong@12345', 'Inspect@2026', DEMO_PASSWORD]) expect(text).not.toContain(secret);
    expect(recording.actors.map((a) => a.machine)).toEqual(expect.arrayContaining(['profile', 'form']));

    const file = join(mkdtempSync(join(tmpdir(), 'flow-')), 'profile.json');
    writeFileSync(file, text);
    const { stdout } = await run('npx', ['tsx', 'scripts/replay.ts', file]);
    await testInfo.attach('replay', { body: stdout, contentType: 'text/plain' });
    expect(stdout).toMatch(/final {2}profile \([^)]+\): closed/);
    expect(stdout).toMatch(/final {2}form \([^)]+\): done \(done\)/);
    expect(stdout).toMatch(/submit failed/);
    expect(stdout).toMatch(/Replayed \d+ steps: every state as recorded\./);
  });
});
