import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { timelineOf, type Recording } from '../../machines/recording';
import { DEMO_PASSWORD, expect, expectNoAxeViolations, test, THEMES, useTheme } from './fixtures';

/**
 * QA's own inspector page at /__inspector, which works offline where stately.ai cannot be reached: the app's
 * flows live, recording from it, stepping through a recording.
 */

declare global {
  interface Window {
    /** Every message this window received, as JSON (tests/e2e/inspector-page.spec.ts). */
    __received?: string[];
  }
}

const EMAIL = 't1@anchor.test';

/** Every window of the context keeps what it was sent, so a test can look for secrets in it. */
async function keepMessages(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.addEventListener('message', (event: MessageEvent<unknown>) => {
      (window.__received ??= []).push(JSON.stringify(event.data) ?? '');
    });
  });
}

/** Opens the app with ?inspect (the inspector opens as a popup), logs in, and answers the inspector page. */
async function openWithInspector(page: Page): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.goto('/login?inspect');
  const inspector = await popup;
  await expect(inspector).toHaveURL(/\/__inspector$/);
  await expect(inspector.getByRole('heading', { level: 1, name: 'Flow inspector' })).toBeVisible();
  await page.getByLabel('Email ID').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('user-name')).toBeVisible();
  return inspector;
}

const actorItem = (inspector: Page, machine: string) =>
  inspector.locator(`[data-testid="inspector-actor"][data-machine="${machine}"]`).first();

/** Records opening and closing the profile popup from the inspector page; answers the download. */
async function recordProfilePopup(page: Page, inspector: Page) {
  const status = inspector.getByTestId('recording-status');
  await expect(status).toHaveText('Not recording.');
  await inspector.getByLabel('Title (optional)').fill('profile popup open and close');
  await inspector.getByRole('button', { name: 'Start recording' }).click();
  await expect(status).toHaveText('Recording…');
  await expect(page.getByRole('status').filter({ hasText: 'Recording this flow' })).toBeVisible();

  await page.getByTestId('user-name').click();
  await expect(page.getByRole('dialog', { name: 'My Profile' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(inspector.getByTestId('recording-count')).toHaveText(/^[1-9]\d* events? since the start\.$/);

  await inspector.getByRole('button', { name: 'Stop recording' }).click();
  await expect(status).toHaveText(/^Recording stopped: \d+ actors?, \d+ steps?\.$/);
  await expect(page.getByRole('status').filter({ hasText: 'Recording this flow' })).toBeHidden();
  const link = inspector.getByTestId('recording-download');
  await expect(link).toHaveText(/^Download flow-.+\.json$/);
  return link;
}

test.describe('inspector page', () => {
  test('shows the session live, records the profile popup, offers the download and steps through it', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await keepMessages(context);
    const inspector = await openWithInspector(page);

    // The session machine and its states, as they happen.
    const session = actorItem(inspector, 'session');
    await expect(session.getByTestId('actor-state').first()).toContainText(/^loggedIn\./);
    await expect(session.getByRole('button').first()).toContainText('active');
    const login = inspector.locator('[data-testid="timeline-entry"][data-event="LOGIN"]');
    await expect(login).toHaveCount(1);
    await expect(login).toContainText('State reached: loggingIn');
    await login.getByText('Payload of LOGIN').click();
    await expect(login.locator('pre')).toContainText(`"email": "${EMAIL}"`);
    await expect(
      inspector.locator('[data-testid="timeline-entry"][data-event="xstate.done.actor.login"]'),
    ).toContainText('login answered');

    // Selecting an actor filters the timeline to it.
    await session.getByRole('button').first().click();
    await expect(inspector.getByRole('heading', { level: 2, name: /^Timeline of session \(/ })).toBeVisible();
    await expect(inspector.getByTestId('selected-actor')).toContainText('loggedIn.');
    await inspector.getByRole('button', { name: 'Show all actors' }).click();
    await expect(inspector.getByRole('heading', { level: 2, name: 'Timeline' })).toBeVisible();

    // A recording started and stopped here, offered as a download.
    const link = await recordProfilePopup(page, inspector);
    await expect(actorItem(inspector, 'profile').getByTestId('actor-state').first()).toHaveText('closed');
    await expect(inspector.locator('[data-testid="timeline-entry"][data-event="OPEN"]').first()).toContainText(
      'State reached: open.view',
    );
    const downloading = inspector.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^flow-.*\.json$/);
    const file = await download.path();
    const recording = JSON.parse(readFileSync(file, 'utf8')) as Recording;
    expect(recording.title).toBe('profile popup open and close');
    const profile = recording.actors.find((a) => a.machine === 'profile');
    expect(profile?.steps.map((s) => s.event.type)).toEqual(['OPEN', 'CLOSE']);

    // Loaded back: step forwards and backwards with the buttons and the arrow keys.
    const fileInput = inspector.getByLabel('Recording file (.json)');
    await fileInput.setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"hello":1}'),
    });
    await expect(inspector.getByRole('alert')).toHaveText(
      "notes.json: The file is not a flow recording (format 'anchor-portal-flow-recording').",
    );
    await fileInput.setInputFiles(file);
    await expect(inspector.getByRole('alert')).toBeHidden();
    const total = recording.actors.reduce((n, a) => n + a.steps.length, 0);
    const position = inspector.getByTestId('step-position');
    await expect(position).toHaveText(`Step 1 of ${total}`);
    const facts = inspector.getByTestId('step-facts');
    const openAt = timelineOf(recording).findIndex(
      (e) => e.actor.machine === 'profile' && e.step.event.type === 'OPEN',
    );
    expect(openAt).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < openAt; i++) await inspector.keyboard.press('ArrowRight');
    await expect(position).toHaveText(`Step ${openAt + 1} of ${total}`);
    await expect(facts).toContainText('profile');
    await expect(facts).toContainText('OPEN');
    await expect(inspector.getByTestId('step-state')).toHaveText('open.view');
    await inspector.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(position).toHaveText(`Step ${openAt + 2} of ${total}`);
    await inspector.getByRole('button', { name: 'Previous', exact: true }).click();
    await expect(position).toHaveText(`Step ${openAt + 1} of ${total}`);
    await inspector.keyboard.press('ArrowLeft');
    await expect(position).toHaveText(openAt > 0 ? `Step ${openAt} of ${total}` : `Step 1 of ${total}`);

    // Nothing secret reached the inspector: not in its text, not in what it was sent.
    await inspector.getByRole('button', { name: 'Step through it here' }).click();
    const text = await inspector.evaluate(() => document.body.textContent ?? '');
    expect(text).not.toContain(DEMO_PASSWORD);
    const received = await inspector.evaluate(() => window.__received ?? []);
    expect(received.length).toBeGreaterThan(10);
    expect(received.join('\n')).not.toContain(DEMO_PASSWORD);

    // A desktop tool: no sideways scroll at 1280 px.
    expect(
      await inspector.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);

    // With all of it on the page, both themes pass axe.
    await expect(inspector.locator('body')).toHaveCSS('background-color', 'rgb(15, 20, 32)');
    await expectNoAxeViolations(inspector);
    await inspector.getByRole('switch', { name: 'Light theme' }).click();
    await expect(inspector.locator('body')).toHaveCSS('background-color', 'rgb(244, 246, 251)');
    await expectNoAxeViolations(inspector);
  });

  for (const theme of THEMES) {
    test(`opened on its own it explains how to connect, and has no axe violations in the ${theme} theme`, async ({
      page,
    }) => {
      await useTheme(page, theme);
      await page.goto('/__inspector');
      await expect(page.getByRole('heading', { level: 1, name: 'Flow inspector' })).toBeVisible();
      const notice = page.getByTestId('no-app');
      await expect(notice).toContainText('This window is not connected to the app.');
      await expect(notice).toContainText('?inspect');
      await expect(notice).toContainText('Alt+Shift+R');
      await expect(page.getByText('No actors yet: open the app with ?inspect')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Start recording' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'How to use' })).toContainText('npm run replay -- ');
      await expectNoAxeViolations(page);
    });
  }

  test('screenshot for docs/qa.md (INSPECTOR_SCREENSHOT=1)', async ({ page }) => {
    test.skip(!process.env.INSPECTOR_SCREENSHOT, 'set INSPECTOR_SCREENSHOT=1 to write docs/inspector.png');
    test.setTimeout(60_000);
    const inspector = await openWithInspector(page);
    await inspector.setViewportSize({ width: 1280, height: 800 });
    await expect(actorItem(inspector, 'session').getByTestId('actor-state').first()).toContainText(/^loggedIn\./);
    await recordProfilePopup(page, inspector);
    // The session's own timeline: the login's answers and what they changed in its context.
    await actorItem(inspector, 'session').getByRole('button').first().click();
    await expect(inspector.getByRole('heading', { level: 2, name: /^Timeline of session/ })).toBeVisible();
    await inspector.evaluate(() => window.scrollTo(0, 0));
    await inspector.screenshot({ path: 'docs/inspector.png' });
  });
});
