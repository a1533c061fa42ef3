import { EMPTY_NEW_USER, newUserProblems, type NewUserForm } from '../../src/domain/admin';
import { emailProblem, passwordPairProblems, problems } from '../../src/domain/validation';
import type { FieldErrors, FormValues } from './form.machine';

/** A form's check, as the form machine's input takes it. */
export type FormCheck = ((values: FormValues) => FieldErrors) & { readonly replayName: string };

/**
 * A check with a name a recording can keep: a form's context holds its check, and a function cannot be
 * written to a recording; its `replayName` is (machines/recording.ts), and a replay finds it here again.
 */
const named = (replayName: string, check: (values: FormValues) => FieldErrors): FormCheck =>
  Object.assign(check, { replayName });

/**
 * The profile popup's password step (spec §5): both new fields required, the confirmation equal; and the
 * current password, which we ask for too (a departure from spec 1 §2.4: a stolen session alone must not
 * change it).
 */
export const validatePasswordChange = named('passwordChange', (values) => {
  const current: FieldErrors =
    (values.current_password ?? '') === '' ? { current_password: 'Current Password is required' } : {};
  return {
    ...current,
    ...passwordPairProblems(values.password ?? '', values.password_confirmation ?? '', {
      password: 'New Password',
      confirmation: 'Confirm Password',
    }),
  };
});

/** The reset-password screen: a new password and its confirmation. */
export const validatePasswordReset = named('passwordReset', (values) =>
  passwordPairProblems(values.password ?? '', values.password_confirmation ?? '', {
    password: 'Password',
    confirmation: 'Confirm Password',
  }),
);

/** The forgot-password screen: an e-mail address. */
export const validateForgotPassword = named('forgotPassword', (values) =>
  problems({ email: emailProblem(values.email ?? '') }),
);

/** The add-user form's values as the kernel's NewUserForm (the form starts from all five fields, so none is missing). */
export const newUserOf = (values: FormValues): NewUserForm => ({ ...EMPTY_NEW_USER, ...values });

/** The Add New User modal (spec 2 §5): the kernel's rules and messages. */
export const validateNewUser = named('newUser', (values) => newUserProblems(newUserOf(values)));

/** Every form check by its name: what a replay puts back into a recorded form's context. */
export const FORM_CHECKS: Readonly<Record<string, FormCheck>> = Object.fromEntries(
  [validatePasswordChange, validatePasswordReset, validateForgotPassword, validateNewUser].map((check) => [
    check.replayName,
    check,
  ]),
);
