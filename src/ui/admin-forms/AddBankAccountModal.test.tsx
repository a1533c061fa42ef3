// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addBankAccountMachine,
  type BankLookupResult,
} from '../../../machines/add-bank-account/add-bank-account.machine';
import { fakeEffect } from '../../../machines/test-paths';
import { apiErrorFromBody } from '../../api/errors';
import type { BankAccountForm } from '../../domain/admin';
import { toastText } from '../../domain/errors';
import { themes } from '../theme';
import { notify } from '../toast';
import { AddBankAccountDialog, LOOKED_UP_NOTE } from './AddBankAccountModal';
import { isBankAccountsKey } from './useAddBankAccount';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setup() {
  const lookup = fakeEffect<BankLookupResult, { ifsc: string }>();
  const create = fakeEffect<unknown, BankAccountForm>();
  const refreshBankAccounts = vi.fn();
  const logic = addBankAccountMachine.provide({
    actors: { lookupBank: lookup.logic, createBankAccount: create.logic },
    actions: { refreshBankAccounts },
  });
  const onClose = vi.fn();
  render(
    <ThemeProvider theme={themes.dark}>
      <AddBankAccountDialog open onClose={onClose} logic={logic} />
    </ThemeProvider>,
  );
  return { lookup, create, refreshBankAccounts, onClose };
}

const settle = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
const input = (name: string) => screen.getByLabelText<HTMLInputElement>(name);
const type = (name: string, value: string) => fireEvent.change(screen.getByLabelText(name), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /Add Bank Account|Saving/ }));
const describedBy = (name: string) =>
  (input(name).getAttribute('aria-describedby')?.split(' ') ?? []).map(
    (id) => document.getElementById(id)?.textContent ?? '',
  );
const messageOf = (name: string) => {
  const ids = input(name).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.filter((id) => id.endsWith('-error')).map((id) => document.getElementById(id)?.textContent)[0] ?? null;
};
const fillPlain = () => {
  type('Account name', 'Acme Traders');
  type('Account number', '123456789012');
  type('Account type', 'CC');
  type('Region', 'south');
};

describe('AddBankAccountDialog', () => {
  it('opens on the seven fields: account types and regions with their labels, the IFSC with its format', () => {
    setup();
    expect(screen.getByRole('heading', { level: 2, name: 'Add Bank Account' })).toBeTruthy();
    const options = (name: string) =>
      [...screen.getByLabelText<HTMLSelectElement>(name).options].map((o) => [o.value, o.textContent]);
    expect(options('Account type')).toEqual([
      ['', 'Select account type'],
      ['CA', 'Current Account (CA)'],
      ['CC', 'Cash Credit (CC)'],
    ]);
    expect(options('Region')).toEqual([
      ['', 'Select region'],
      ['north', 'North'],
      ['east', 'East'],
      ['west', 'West'],
      ['south', 'South'],
    ]);
    // No maxLength: a pasted code with separators is masked to its 11 characters, not cut before masking.
    expect(input('IFSC').maxLength).toBe(-1);
    expect(describedBy('IFSC')[0]).toContain('4 letters, 0, then 6 letters or digits');
    expect(input('Bank name').readOnly).toBe(false);
    expect(input('Branch name').readOnly).toBe(false);
  });

  it('masks the IFSC, looks it up, and shows the bank and branch read-only until the IFSC changes', async () => {
    const { lookup } = setup();
    type('IFSC', 'sbin-0000001');
    expect(input('IFSC').value).toBe('SBIN0000001');
    expect(screen.getByRole('status').textContent).toContain('Looking up the bank');
    expect(lookup.calls.map((c) => c.input)).toEqual([{ ifsc: 'SBIN0000001' }]);
    lookup.calls[0]!.resolve({ BANK: 'State Bank of India', BRANCH: 'Mumbai Main' });
    await settle();
    expect(input('Bank name').value).toBe('State Bank of India');
    expect(input('Branch name').value).toBe('Mumbai Main');
    expect(input('Bank name').readOnly).toBe(true);
    expect(describedBy('Bank name')).toEqual([LOOKED_UP_NOTE]);
    expect(describedBy('Branch name')).toEqual([LOOKED_UP_NOTE]);
    type('IFSC', 'SBIN000000');
    expect(input('Bank name').value).toBe('');
    expect(input('Bank name').readOnly).toBe(false);
    expect(screen.queryByText(LOOKED_UP_NOTE)).toBeNull();
  });

  it('leaves the bank and branch to be typed, with no message, when the lookup fails', async () => {
    const { lookup } = setup();
    type('IFSC', 'ZZZZ0000001');
    lookup.calls[0]!.reject(apiErrorFromBody(404, { errors: [{ code: 'ER-404', detail: 'Invalid Ifsc code.' }] }));
    await settle();
    expect(input('Bank name').readOnly).toBe(false);
    expect(screen.queryByText('Invalid Ifsc code.')).toBeNull();
    expect(screen.getByRole('status').textContent?.trim()).toBe('');
    type('Bank name', 'Zeta Bank');
    expect(input('Bank name').value).toBe('Zeta Bank');
  });

  it('shows the messages under each field on an invalid submit, and sends nothing', async () => {
    const { create } = setup();
    type('IFSC', 'SBIN00');
    submit();
    await settle();
    expect(messageOf('Account name')).toBe('Account name is required');
    expect(messageOf('Account number')).toBe('Account number is required');
    expect(messageOf('IFSC')).toBe('Invalid Ifsc code.');
    expect(messageOf('Bank name')).toBe('Bank name is required');
    expect(messageOf('Branch name')).toBe('Branch name is required');
    expect(screen.getByLabelText('Region').getAttribute('aria-invalid')).toBe('true');
    expect(input('IFSC').getAttribute('aria-invalid')).toBe('true');
    expect(create.calls).toHaveLength(0);
  });

  it("sends once, toasts 'Bank account added successfully.' and closes", async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => '');
    const { lookup, create, refreshBankAccounts, onClose } = setup();
    fillPlain();
    type('IFSC', 'HDFC0000001');
    lookup.calls[0]!.resolve({ BANK: 'HDFC Bank', BRANCH: 'Fort' });
    await settle();
    submit();
    submit();
    expect(screen.getByRole('button', { name: 'Saving…' }).getAttribute('aria-busy')).toBe('true');
    expect(create.calls.map((c) => c.input)).toEqual([
      {
        account_name: 'Acme Traders',
        account_number: '123456789012',
        account_type: 'CC',
        ifsc: 'HDFC0000001',
        bank_name: 'HDFC Bank',
        branch_name: 'Fort',
        region: 'south',
      },
    ]);
    create.calls[0]!.resolve({ id: '1' });
    await settle();
    expect(success).toHaveBeenCalledWith('Bank account added successfully.');
    expect(refreshBankAccounts).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalled();
    expect(input('Account name').value).toBe('');
  });

  it("toasts a refusal as 'CODE: detail' and keeps everything typed", async () => {
    const errors = vi.spyOn(notify, 'errors').mockImplementation(() => '');
    const { create, onClose } = setup();
    fillPlain();
    type('IFSC', 'ZZZZ0000001');
    type('Bank name', 'Zeta Bank');
    type('Branch name', 'Zeta Main');
    submit();
    create.calls[0]!.reject(
      apiErrorFromBody(422, {
        errors: [{ code: 'ER-VALIDATION', title: 'account_number', detail: 'account_number has already been added' }],
      }),
    );
    await settle();
    expect(toastText(errors.mock.calls[0]![0])).toBe('ER-VALIDATION: account number has already been added');
    expect(messageOf('Account number')).toBe('account number has already been added');
    expect(input('Bank name').value).toBe('Zeta Bank');
    expect(input('Account name').value).toBe('Acme Traders');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('revalidates the bank-account lists by key', () => {
    expect(isBankAccountsKey(['bank-accounts', { page: 1 }])).toBe(true);
    expect(isBankAccountsKey(['users', {}])).toBe(false);
  });
});
