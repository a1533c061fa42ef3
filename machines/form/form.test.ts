import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { formMachine, type FieldErrors, type FormValues } from './form.machine';

const validate = (values: FormValues): FieldErrors => (values.email ? {} : { email: 'Email ID is required' });
const input = { initial: { email: '' }, validate };

function harness(submit: (values: FormValues) => Promise<unknown>) {
  const sent: FormValues[] = [];
  const machine = formMachine.provide({ actors: { submit: fromPromise(({ input: values }) => (sent.push(values), submit(values))) } });
  return { actor: createActor(machine, { input }).start(), sent };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('form machine', () => {
  it('keeps an invalid form in editing with the messages, sending nothing', () => {
    const { actor, sent } = harness(() => Promise.resolve('ok'));
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'Email ID is required' });
    expect(sent).toEqual([]);
  });

  it('clears a field message when the field changes', () => {
    const { actor } = harness(() => Promise.resolve('ok'));
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CHANGE', field: 'email', value: 'a@b.in' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(actor.getSnapshot().context.values).toEqual({ email: 'a@b.in' });
  });

  it('sends once however often it is submitted, and ends done with the answer', async () => {
    const { actor, sent } = harness(() => Promise.resolve({ message: 'sent' }));
    actor.send({ type: 'CHANGE', field: 'email', value: 'a@b.in' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMIT' });
    expect(sent).toEqual([{ email: 'a@b.in' }]);
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ result: { message: 'sent' } });
  });

  it('comes back to editing on a refusal with the server field messages, keeping the values', async () => {
    const { actor } = harness(() =>
      Promise.reject(
        Object.assign(new Error('refused'), {
          errors: [{ code: 'ER-VALIDATION', title: 'email', detail: 'email is not a valid e-mail address' }, { code: 'ER-X', detail: 'also this' }],
        }),
      ),
    );
    actor.send({ type: 'CHANGE', field: 'email', value: 'a@b' });
    actor.send({ type: 'SUBMIT' });
    await flush();
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('editing');
    expect(context.values).toEqual({ email: 'a@b' });
    expect(context.errors).toEqual({ email: 'email is not a valid e-mail address' });
    expect(context.failure).toEqual([
      { code: 'ER-VALIDATION', detail: 'email is not a valid e-mail address' },
      { code: 'ER-X', detail: 'also this' },
    ]);
  });

  it('turns a thrown Error into an ERROR failure', async () => {
    const { actor } = harness(() => Promise.reject(new Error('offline')));
    actor.send({ type: 'CHANGE', field: 'email', value: 'a@b.in' });
    actor.send({ type: 'SUBMIT' });
    await flush();
    expect(actor.getSnapshot().context.failure).toEqual([{ code: 'ERROR', detail: 'offline' }]);
  });

  it('reaches every state by its shortest path', () => {
    const paths = getShortestPaths(formMachine, {
      input,
      events: [
        { type: 'CHANGE', field: 'email', value: 'a@b.in' },
        { type: 'SUBMIT' },
        { type: 'xstate.done.actor.submit', output: 'ok' } as AnyEventObject,
        { type: 'xstate.error.actor.submit', error: new Error('no') } as AnyEventObject,
      ] as never,
      serializeState: (s) => `${JSON.stringify(s.value)}|${s.context.values.email}`,
    });
    const states = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(states).toEqual(new Set(['"editing"', '"submitting"', '"done"']));
    const toDone = paths.find((p) => p.state.value === 'done')!;
    expect(toDone.steps.map((s) => s.event.type)).toEqual(['xstate.init', 'CHANGE', 'SUBMIT', 'xstate.done.actor.submit']);
  });
});
