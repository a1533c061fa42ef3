import { describe, expect, it } from 'vitest';
import { bankAccountProblems, EMPTY_NEW_USER, newUserProblems, USER_MESSAGES } from './admin';

const user = { ...EMPTY_NEW_USER, first_name: 'Nisha', last_name: 'Kapoor', email: 'nisha@anchor.test', phone_number: '9876543210' };
const account = { account_name: 'Sarvodaya Receipts', account_number: '123456789012', account_type: 'CA', ifsc: 'SBIN0000001', bank_name: 'State Bank of India', branch_name: 'KOLKATA MAIN', region: 'east' };

describe('the add-user and add-bank-account forms', () => {
  it('refuse a name with an invisible or direction-changing character, naming the field', () => {
    expect(newUserProblems({ ...user, first_name: '\u202Eevil', last_name: 'Kapoor\u200B' })).toEqual({
      first_name: 'First name contains an invisible or direction-changing character (U+202E)',
      last_name: 'Last name contains an invisible or direction-changing character (U+200B)',
    });
    // Alone, the override is one character: still the clearer message.
    expect(newUserProblems({ ...user, first_name: '\u202E' }).first_name).toMatch(/^First name contains/);
    expect(newUserProblems({ ...user, first_name: 'N' }).first_name).toBe(USER_MESSAGES.name);
    expect(bankAccountProblems({ ...account, account_name: 'Sarvodaya\u2066 Receipts', branch_name: 'MAIN\u0085' })).toEqual({
      account_name: 'Account name contains an invisible or direction-changing character (U+2066)',
      branch_name: 'Branch name contains an invisible or direction-changing character (U+0085)',
    });
  });

  it('take names in Hindi, Arabic, with an apostrophe, and what trimming removes', () => {
    expect(newUserProblems({ ...user, first_name: 'अनुराग', last_name: "D'Souza" })).toEqual({});
    expect(newUserProblems({ ...user, first_name: 'محمد', last_name: ' علي\n' })).toEqual({});
    expect(bankAccountProblems({ ...account, account_name: 'शर्मा ट्रेडर्स', bank_name: '\uFEFFState Bank of India' })).toEqual({});
  });
});
