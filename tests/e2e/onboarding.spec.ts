import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, logInReady, test, THEMES, useTheme } from './fixtures';

/**
 * The onboarding page (spec 2 §2.8): six cards, each with its title, its button and the shared text; Add
 * User and Add Bank Account open the admin's own modals; the templates and collect cards lead to their admin
 * sections, looking like the same kind of action; Upload Virtual Account and Connect have nothing to call, so
 * they are outlined, disabled and say why on the card. Axe in both themes, with the modals open; a 390 px phone.
 */

const LOGIN = 't1@anchor.test';
const SHARED_TEXT = 'Once you complete the previous steps, our AI will bring your metrics online.';
const CARDS = [
  { key: 'user', title: 'New User', action: 'Add User', role: 'button' },
  { key: 'bank', title: 'Bank Account', action: 'Add Bank Account', role: 'button' },
  { key: 'virtual', title: 'Virtual Account', action: 'Upload Virtual Account', role: 'button' },
  { key: 'templates', title: 'Reminder & Notification Templates', action: 'Start Now', role: 'link' },
  { key: 'collect', title: 'Collect', action: 'Manage Collect', role: 'link' },
  { key: 'connect', title: 'Connect', action: 'Connect with the provider', role: 'button' },
] as const;

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const card = (page: Page, key: string) => page.getByTestId(`onboarding-${key}`);

async function openOnboarding(page: Page) {
  await logInReady(page, LOGIN, { path: '/onboarding' });
  await expect(page.getByRole('heading', { name: 'Onboarding', level: 1 })).toBeVisible();
}

test.describe('onboarding page', () => {
  test('six cards, each with its title, its action and the shared text, in the spec’s order', async ({ page }) => {
    await openOnboarding(page);
    const list = page.getByRole('list').filter({ has: page.getByTestId('onboarding-user') });
    await expect(list.getByRole('listitem')).toHaveCount(6);
    await expect(list.getByRole('heading', { level: 2 })).toHaveText(CARDS.map((c) => c.title));
    for (const c of CARDS) {
      const item = card(page, c.key);
      await expect(item.getByRole('heading', { name: c.title, exact: true })).toBeVisible();
      await expect(item.getByText(SHARED_TEXT, { exact: true })).toBeVisible();
      await expect(item.getByRole(c.role, { name: c.action, exact: true })).toBeVisible();
    }
    await expect(page.getByText(SHARED_TEXT, { exact: true })).toHaveCount(6);
    // The templates and collect cards lead to their admin sections; Connect has nothing to do yet, and says why.
    await expect(card(page, 'templates').getByRole('link', { name: 'Start Now' })).toHaveAttribute(
      'href',
      '/admin#templates-title',
    );
    await expect(card(page, 'collect').getByRole('link', { name: 'Manage Collect' })).toHaveAttribute(
      'href',
      '/admin#collection-title',
    );
    const connect = card(page, 'connect').getByRole('button', { name: 'Connect with the provider' });
    await expect(connect).toBeDisabled();
    await expect(connect).toHaveAccessibleDescription(/nothing to do here yet/);
    const virtual = card(page, 'virtual').getByRole('button', { name: 'Upload Virtual Account' });
    await expect(virtual).toBeDisabled();
    await expect(virtual).toHaveAccessibleDescription(
      'Not available yet: the provider has no call for uploading virtual accounts.',
    );
    await expect(
      card(page, 'virtual').getByRole('link', { name: 'See the virtual accounts the provider has' }),
    ).toHaveAttribute('href', '/admin#virtual-title');
  });

  test('one look for every live action; the ones with nothing to call are not styled as primary', async ({ page }) => {
    await openOnboarding(page);
    const look = (key: string, role: 'button' | 'link', name: string) =>
      card(page, key)
        .getByRole(role, { name, exact: true })
        .evaluate((element) => {
          const style = getComputedStyle(element);
          return {
            background: style.backgroundColor,
            color: style.color,
            height: style.minHeight,
            radius: style.borderRadius,
          };
        });
    const live = await look('user', 'button', 'Add User');
    expect(await look('bank', 'button', 'Add Bank Account')).toEqual(live);
    expect(await look('templates', 'link', 'Start Now')).toEqual(live);
    expect(await look('collect', 'link', 'Manage Collect')).toEqual(live);
    for (const [key, name] of [
      ['virtual', 'Upload Virtual Account'],
      ['connect', 'Connect with the provider'],
    ] as const) {
      expect((await look(key, 'button', name)).background, name).not.toBe(live.background);
    }
  });

  test('Add User opens the Add New User modal; Add Bank Account its modal', async ({ page }) => {
    await openOnboarding(page);
    const addUser = card(page, 'user').getByRole('button', { name: 'Add User' });
    await addUser.click();
    const user = page.getByRole('dialog', { name: 'Add New User' });
    await expect(user).toBeVisible();
    await expect(user.getByLabel('First name')).toBeFocused();
    await expect(user.getByRole('group', { name: 'All Access' })).toBeVisible();
    await user.getByRole('button', { name: 'Add User' }).click();
    await expect(user.getByText('Email is required')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(user).toHaveCount(0);
    await expect(addUser).toBeFocused();

    await card(page, 'bank').getByRole('button', { name: 'Add Bank Account' }).click();
    const bank = page.getByRole('dialog', { name: 'Add Bank Account' });
    await expect(bank).toBeVisible();
    await expect(bank.getByLabel('Account name')).toBeFocused();
    const answer = page.waitForResponse((r) => r.url().includes('/api/bank_details_by_ifsc?'));
    await bank.getByLabel('IFSC', { exact: true }).fill('SBIN0000001');
    expect((await answer).status()).toBe(200);
    await expect(bank.getByLabel('Bank name')).toHaveValue('State Bank of India');
    await expect(bank.getByLabel('Branch name')).toHaveValue('KOLKATA MAIN');
    await bank.getByRole('button', { name: 'Close' }).click();
    await expect(bank).toHaveCount(0);
  });

  for (const theme of THEMES) {
    test(`has no axe violations in the ${theme} theme, nor with its modals open`, async ({ page }) => {
      await useTheme(page, theme);
      await openOnboarding(page);
      await expectNoAxeViolations(page);
      for (const [key, action, title] of [
        ['user', 'Add User', 'Add New User'],
        ['bank', 'Add Bank Account', 'Add Bank Account'],
      ] as const) {
        await card(page, key).getByRole('button', { name: action }).click();
        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog).toBeVisible();
        await expectNoAxeViolations(page);
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      }
    });
  }
});

test.describe('onboarding page on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('does not scroll sideways; the cards stack', async ({ page }) => {
    await openOnboarding(page);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    const first = (await card(page, 'user').boundingBox())!;
    const second = (await card(page, 'bank').boundingBox())!;
    expect(second.y).toBeGreaterThan(first.y + first.height - 1);
    expect(first.x + first.width).toBeLessThanOrEqual(390);
  });
});
