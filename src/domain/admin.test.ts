import { describe, expect, it } from 'vitest';
import {
  bankAccountProblems,
  EMPTY_NEW_USER,
  newUserProblems,
  SETTING_NAMES,
  SETTING_TEXTS,
  settingEffect,
  settingLabel,
  SETTINGS,
  settingValueText,
  USER_MESSAGES,
} from './admin';

const user = {
  ...EMPTY_NEW_USER,
  first_name: 'Nisha',
  last_name: 'Kapoor',
  email: 'nisha@anchor.test',
  phone_number: '9876543210',
};
const account = {
  account_name: 'Sarvodaya Receipts',
  account_number: '123456789012',
  account_type: 'CA',
  ifsc: 'SBIN0000001',
  bank_name: 'State Bank of India',
  branch_name: 'KOLKATA MAIN',
  region: 'east',
};

describe('the add-user and add-bank-account forms', () => {
  it('refuse a name with an invisible or direction-changing character, naming the field', () => {
    expect(newUserProblems({ ...user, first_name: '\u202Eevil', last_name: 'Kapoor\u200B' })).toEqual({
      first_name: 'First name contains an invisible or direction-changing character (U+202E)',
      last_name: 'Last name contains an invisible or direction-changing character (U+200B)',
    });
    // Alone, the override is one character: still the clearer message.
    expect(newUserProblems({ ...user, first_name: '\u202E' }).first_name).toMatch(/^First name contains/);
    expect(newUserProblems({ ...user, first_name: 'N' }).first_name).toBe(USER_MESSAGES.name);
    expect(
      bankAccountProblems({ ...account, account_name: 'Sarvodaya\u2066 Receipts', branch_name: 'MAIN\u0085' }),
    ).toEqual({
      account_name: 'Account name contains an invisible or direction-changing character (U+2066)',
      branch_name: 'Branch name contains an invisible or direction-changing character (U+0085)',
    });
  });

  it('take names in Hindi, Arabic, with an apostrophe, and what trimming removes', () => {
    expect(newUserProblems({ ...user, first_name: 'अनुराग', last_name: "D'Souza" })).toEqual({});
    expect(newUserProblems({ ...user, first_name: 'محمد', last_name: ' علي\n' })).toEqual({});
    expect(
      bankAccountProblems({ ...account, account_name: 'शर्मा ट्रेडर्स', bank_name: '\uFEFFState Bank of India' }),
    ).toEqual({});
  });
});

describe('the configuration’s settings in words', () => {
  it('labels every setting in words, each its own, with no key in it', () => {
    const labels = SETTING_NAMES.map(settingLabel);
    expect(new Set(labels).size).toBe(SETTING_NAMES.length);
    for (const label of labels) expect(label).not.toMatch(/_|\{/);
    expect(settingLabel('whats_app_notification_after_invoice_file_received')).toBe(
      'WhatsApp notification after an invoice file is received',
    );
    // A setting the provider adds later still reads as words.
    expect(settingLabel('send_weekly_digest')).toBe('send weekly digest');
  });

  it('asks before the changes that reach every retailer, naming the effect', () => {
    expect(settingEffect('require_otp', false)).toBe('Retailers will be able to avail credit without an OTP.');
    expect(settingEffect('require_otp', true)).toBeNull();
    for (const channel of ['email_blocked', 'sms_blocked', 'whatsapp_blocked']) {
      expect(settingEffect(channel, true), channel).toMatch(/^Retailers will get no /);
      expect(settingEffect(channel, false), channel).toBeNull();
    }
    expect(settingEffect('show_{product}_credit_option', false)).toBe(
      'Retailers will no longer be offered credit on the pay page.',
    );
    expect(settingEffect('show_{product}_pay_option', false)).toMatch(/pay directly/);
    expect(settingEffect('is_sales_order', true)).toMatch(/sales orders instead of invoices/);
    expect(settingEffect('is_sales_order', false)).toMatch(/invoices instead of sales orders/);
    expect(settingEffect('default_drawdown_status', 'Draft')).toMatch(/drafts/);
    expect(settingEffect('default_drawdown_status', 'Verified')).toMatch(/without a review/);
    expect(settingEffect('customer_consent', false)).toMatch(/without asking for their consent/);
    // A single notification is not asked about; nor is a setting the kernel does not know.
    expect(settingEffect('whats_app_notification_after_invoice_file_received', false)).toBeNull();
    expect(settingEffect('send_weekly_digest', false)).toBeNull();
    // Every effect sentence is a sentence about the retailers.
    for (const text of Object.values(SETTINGS).flatMap((s) => Object.values(s.risky ?? {})))
      expect(text).toMatch(/^Retailers.*\.$/);
  });

  it('says what a change did and how long it can be undone', () => {
    expect(settingValueText(true)).toBe('Active');
    expect(settingValueText(false)).toBe('Inactive');
    expect(settingValueText('Draft')).toBe('Draft');
    const label = settingLabel('require_otp');
    expect(SETTING_TEXTS.question(label, false)).toBe('Turn off “Ask for an OTP before a retailer avails credit”?');
    expect(SETTING_TEXTS.question('Status of new drawdown requests', 'Draft')).toBe(
      'Change “Status of new drawdown requests” to Draft?',
    );
    expect(SETTING_TEXTS.action(false)).toBe('Turn off');
    expect(SETTING_TEXTS.action('Draft')).toBe('Change to Draft');
    expect(SETTING_TEXTS.changed(label, false)).toBe(
      'Ask for an OTP before a retailer avails credit: Inactive. You can undo this for 10 seconds.',
    );
    expect(SETTING_TEXTS.undone(label, true)).toBe(
      'Undone: Ask for an OTP before a retailer avails credit is Active again.',
    );
  });
});
