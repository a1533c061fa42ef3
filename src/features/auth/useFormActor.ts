import { useSelector } from '@xstate/react';
import { useEffect, useMemo, type RefObject } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { formMachine, type FieldErrors, type FormValues } from '../../../machines/form/form.machine';
import { focusFirstInvalid } from '../../ui/focus';
import { useErrorToast } from '../../ui/toast';
import { useFlowActor } from '../../lib/inspection';

/**
 * A form on the form machine: values, per-field errors, a submit that sends once, and the server's
 * refusal shown as a toast. `submit` is the effect; `validate` the pure check.
 */
export function useFormActor(options: {
  initial: FormValues;
  validate: (values: FormValues) => FieldErrors;
  submit: (values: FormValues) => Promise<unknown>;
  /** The form element, for moving focus to its first invalid field. */
  form: RefObject<HTMLFormElement | null>;
}) {
  const { initial, validate, submit, form } = options;
  const logic = useMemo(
    () => formMachine.provide({ actors: { submit: fromPromise(({ input }) => submit(input)) } }),
    [submit],
  );
  const actor = useFlowActor(logic, { input: { initial, validate } });
  return {
    ...useFormView(actor, form),
    done: useSelector(actor, (s) => s.status === 'done'),
    result: useSelector(actor, (s) => s.context.result),
  };
}

/**
 * What a screen needs of a running form machine: values, errors, sending, change and submit handlers,
 * the refusal toasted once, and focus moved to the first invalid field after a failed check.
 */
export function useFormView(actor: ActorRefFrom<typeof formMachine>, form: RefObject<HTMLFormElement | null>) {
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const failure = useSelector(actor, (s) => s.context.failure);
  const sending = useSelector(actor, (s) => s.matches('submitting'));
  useErrorToast(failure);
  useEffect(() => {
    if (Object.keys(errors).length > 0) focusFirstInvalid(form.current);
  }, [errors, form]);

  return {
    values,
    errors,
    sending,
    change: (field: string) => (event: { target: { value: string } }) =>
      actor.send({ type: 'CHANGE', field, value: event.target.value }),
    submit: (event: { preventDefault: () => void }) => {
      event.preventDefault();
      actor.send({ type: 'SUBMIT' });
    },
  };
}
