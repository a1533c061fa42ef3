// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addUserMachine } from '../../../machines/add-user/add-user.machine';
import type { FormValues } from '../../../machines/form/form.machine';
import { fakeEffect } from '../../../machines/test-paths';
import { apiErrorFromBody } from '../../api/errors';
import { toastText } from '../../domain/errors';
import { themes } from '../theme';
import { notify } from '../toast';
import { AddUserDialog } from './AddUserModal';
import { isUsersKey } from './useAddUser';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setup() {
  const create = fakeEffect<unknown, FormValues>();
  const refreshUsers = vi.fn();
  const logic = addUserMachine.provide({ actors: { submit: create.logic }, actions: { submitted: refreshUsers } });
  const onClose = vi.fn();
  render(
    <ThemeProvider theme={themes.light}>
      <AddUserDialog open onClose={onClose} logic={logic} />
    </ThemeProvider>,
  );
  return { create, refreshUsers, onClose };
}

const settle = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
const field = (name: string) => screen.getByLabelText(name);
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /Add User|Adding/ }));
/** The message tied to a field (aria-describedby), or null. */
const messageOf = (name: string) => {
  const ids = field(name).getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'));
  return error?.textContent ?? null;
};
const fill = () => {
  type('First name', 'Asha');
  type('Last name', 'Rao');
  type('Email', 'asha.rao@example.test');
  type('Phone number', '+91 9876543210');
};

describe('AddUserDialog', () => {
  it('opens on the form: the fields, Portal User, and the fixed All Access boxes', () => {
    setup();
    expect(screen.getByRole('heading', { level: 2, name: 'Add New User' })).toBeTruthy();
    for (const name of ['First name', 'Last name', 'Email', 'Phone number'])
      expect((field(name) as HTMLInputElement).value).toBe('');
    const designation = field('Designation') as HTMLSelectElement;
    expect(designation.value).toBe('portal_user');
    expect([...designation.options].map((o) => o.textContent)).toEqual(['Portal User']);
    const access = screen.getByRole('group', { name: 'All Access' });
    const boxes = within(access).getAllByRole('checkbox');
    expect(boxes.map((b) => b.parentElement?.textContent)).toEqual(['Dashboard', 'Invoices', 'Lending', 'My Pipeline']);
    expect(boxes.every((b) => (b as HTMLInputElement).checked && (b as HTMLInputElement).disabled)).toBe(true);
  });

  it('shows the spec messages under each field on an invalid submit, and sends nothing', async () => {
    const { create } = setup();
    submit();
    await settle();
    expect(messageOf('First name')).toBe('Must be more then one character');
    expect(messageOf('Last name')).toBe('Must be more then one character');
    expect(messageOf('Email')).toBe('Email is required');
    expect(messageOf('Phone number')).toBe('Mobile number is Required');
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
    type('Email', 'asha@');
    type('Phone number', '91 9876543210');
    submit();
    expect(messageOf('Email')).toBe('Must be a valid email');
    expect(messageOf('Phone number')).toBe('Mobile number is not valid');
    // The phone hint stays tied to the field with its message.
    expect(field('Phone number').getAttribute('aria-describedby')?.split(' ')).toHaveLength(2);
    expect(create.calls).toHaveLength(0);
  });

  it('refuses a name with a direction-changing character before sending, with the kernel’s message', async () => {
    const { create } = setup();
    fill();
    type('First name', '\u202Eevil');
    submit();
    await settle();
    expect(messageOf('First name')).toBe('First name contains an invisible or direction-changing character (U+202E)');
    expect(create.calls).toHaveLength(0);
    type('First name', 'अनुराग');
    submit();
    expect(create.calls.map((c) => c.input.first_name)).toEqual(['अनुराग']);
  });

  it('sends once, shows busy, then the success screen with the name; Done closes and clears the form', async () => {
    const { create, refreshUsers, onClose } = setup();
    fill();
    submit();
    submit();
    expect(create.calls.map((c) => c.input)).toEqual([
      {
        first_name: 'Asha',
        last_name: 'Rao',
        email: 'asha.rao@example.test',
        phone_number: '+91 9876543210',
        designation: 'portal_user',
      },
    ]);
    const busy = screen.getByRole('button', { name: 'Adding…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveProperty('disabled', true);
    create.calls[0]!.resolve({ name: 'Asha Rao' });
    await settle();
    expect(screen.getByRole('heading', { level: 3, name: 'User Added Successfully!' })).toBeTruthy();
    expect(screen.getByText('Asha Rao')).toBeTruthy();
    expect(screen.getByText('with All access.')).toBeTruthy();
    expect(refreshUsers).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
    expect((field('First name') as HTMLInputElement).value).toBe('');
  });

  it("toasts a refusal as 'CODE: detail', puts field entries under their field and keeps what was typed", async () => {
    const errors = vi.spyOn(notify, 'errors').mockImplementation(() => '');
    const { create } = setup();
    fill();
    submit();
    create.calls[0]!.reject(
      apiErrorFromBody(422, {
        errors: [
          { code: 'ER-USER-101', title: 'email', detail: 'Email has already been taken' },
          { code: 'ER-VALIDATION', title: 'phone_number', detail: 'phone_number is in use' },
        ],
      }),
    );
    await settle();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(toastText(errors.mock.calls[0]![0])).toBe(
      'ER-USER-101: Email has already been taken, ER-VALIDATION: phone number is in use',
    );
    expect(messageOf('Email')).toBe('Email has already been taken');
    expect(messageOf('Phone number')).toBe('phone number is in use');
    expect((field('Email') as HTMLInputElement).value).toBe('asha.rao@example.test');
    expect(screen.getByRole('button', { name: 'Add User' })).toBeTruthy();
  });

  it('revalidates the users lists by key', () => {
    expect(isUsersKey(['users', { page: 1 }])).toBe(true);
    expect(isUsersKey(['bank-accounts', {}])).toBe(false);
    expect(isUsersKey('users')).toBe(false);
  });
});
