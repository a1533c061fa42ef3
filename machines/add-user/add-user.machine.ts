import { EMPTY_NEW_USER, newUserProblems, type NewUserForm } from '../../src/domain/admin';
import { named } from '../form/form-checks';
import { createFormMachine, refusalOf, type FormContext, type FormInput, type FormValues } from '../form/form.machine';

/**
 * The Add New User modal (spec 2 §2.7, §2.8, §4, §5, §6, §8): the form machine (machines/form) over the
 * five fields (first and last name, e-mail, phone number, designation), checked by the kernel's
 * `newUserProblems`, sent once through the `submit` effect (POST /users with role_id '5'), then done: the
 * success screen ('User Added Successfully!' with the user's name, `addedUserName`), and `submitted`
 * refreshes the users lists. A refusal comes back to the form with the provider's entries (the screen
 * toasts them as 'CODE: detail') and the entries whose title names a field, bare or bracketed
 * ('user[email]'), under that field; nothing typed is lost.
 *
 * Reusable, as the modal adds one user after another: RESET (editing, done) -> an empty editing. SUBMIT,
 * CHANGE and RESET are not taken while submitting (the modal stays open while a user is being added).
 */

export type NewUserField = keyof NewUserForm;

/** What the effect resolves with: the user the provider created (only the name is shown). */
interface CreatedUser {
  name: string;
}

const NEW_USER_FIELDS: readonly NewUserField[] = ['first_name', 'last_name', 'email', 'phone_number', 'designation'];

/** The add-user form's values as the kernel's NewUserForm (the form starts from all five fields, so none is missing). */
export const newUserOf = (values: FormValues): NewUserForm => ({ ...EMPTY_NEW_USER, ...values });

/**
 * The Add New User modal's check (spec 2 §5): the kernel's rules and messages. Here, not with the other form
 * checks, so the login page's checks do not bring the admin rules with them.
 */
export const validateNewUser = named('newUser', (values) => newUserProblems(newUserOf(values)));

export const addUserMachine = createFormMachine({
  id: 'addUser',
  reusable: true,
  readRefusal: (error) => refusalOf(error, NEW_USER_FIELDS),
});

/** What an add-user actor starts from: the empty form (designation portal_user) and its check. */
export const ADD_USER_INPUT: FormInput = { initial: { ...EMPTY_NEW_USER }, validate: validateNewUser };

/** The name the success screen shows: the provider's, else the one typed. */
export function addedUserName({ result, values }: Pick<FormContext, 'result' | 'values'>): string {
  const name = (result as Partial<CreatedUser> | null)?.name?.trim() ?? '';
  const typed = newUserOf(values);
  return name !== '' ? name : `${typed.first_name.trim()} ${typed.last_name.trim()}`.trim();
}
