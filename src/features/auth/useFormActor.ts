import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise } from 'xstate';
import { formMachine, type FieldErrors, type FormValues } from '../../../machines/form/form.machine';
import { notify } from '../../ui/toast';

/**
 * A form on the form machine: values, per-field errors, a submit that sends once, and the server's
 * refusal shown as a toast. `submit` is the effect; `validate` the pure check.
 */
export function useFormActor(options: { initial: FormValues; validate: (values: FormValues) => FieldErrors; submit: (values: FormValues) => Promise<unknown> }) {
  const { initial, validate, submit } = options;
  const actor = useActorRef(formMachine.provide({ actors: { submit: fromPromise(({ input }) => submit(input)) } }), { input: { initial, validate } });
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const failure = useSelector(actor, (s) => s.context.failure);
  const sending = useSelector(actor, (s) => s.matches('submitting'));
  const done = useSelector(actor, (s) => s.status === 'done');
  const result = useSelector(actor, (s) => s.context.result);

  const shown = useRef(failure);
  useEffect(() => {
    if (failure && failure !== shown.current) notify.errors(failure);
    shown.current = failure;
  }, [failure]);

  return {
    values,
    errors,
    sending,
    done,
    result,
    change: (field: string) => (event: { target: { value: string } }) => actor.send({ type: 'CHANGE', field, value: event.target.value }),
    submit: (event: { preventDefault: () => void }) => {
      event.preventDefault();
      actor.send({ type: 'SUBMIT' });
    },
  };
}
