import { emailProblem, passwordPairProblems, problems } from '../../src/domain/validation';
import type { FieldErrors, FormValues } from './form.machine';

/** A form's check, as the form machine's input takes it. */
export type FormCheck = ((values: FormValues) => FieldErrors) & { readonly replayName: string };

/**
 * A check with a name a recording can keep: a form's context holds its check, and a function cannot be
 * written to a recording; its `replayName` is (machines/recording.ts), and a replay finds it here again.
 */
export const named = (replayName: string, check: (values: FormValues) => FieldErrors): FormCheck =>
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
