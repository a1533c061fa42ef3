import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { apiErrorFromBody } from '../../src/api/errors';
import { effectOutcome, fakeEffect, pathName, replay, settle } from '../test-paths';
import {
  createFormMachine,
  fieldOfTitle,
  formMachine,
  refusalOf,
  type FieldErrors,
  type FormContext,
  type FormEvent,
  type FormFailure,
  type FormInput,
  type FormValues,
} from './form.machine';
import { formPaths, formState, input, prefilledInput, REFUSED } from './form.paths';

function harness(submit: (values: FormValues) => Promise<unknown>) {
  const sent: FormValues[] = [];
  const machine = formMachine.provide({
    actors: { submit: fromPromise(({ input: values }) => (sent.push(values), submit(values))) },
  });
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
          errors: [
            { code: 'ER-VALIDATION', title: 'email', detail: 'email is not a valid e-mail address' },
            { code: 'ER-X', detail: 'also this' },
          ],
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
    const paths = getShortestPaths(formPaths.machine, formPaths.graphs.byState);
    const states = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(states).toEqual(new Set(['"editing"', '"submitting"', '"done"']));
    const toDone = paths.find((p) => p.state.value === 'done')!;
    expect(toDone.steps.map((s) => s.event.type)).toEqual([
      'xstate.init',
      'CHANGE',
      'SUBMIT',
      'xstate.done.actor.submit',
    ]);
  });
});

describe('a form machine made with options', () => {
  function reusable() {
    const submit = fakeEffect<unknown, FormValues>();
    const submitted = vi.fn();
    const machine = createFormMachine({ id: 'reusableForm', reusable: true }).provide({
      actors: { submit: submit.logic },
      actions: { submitted },
    });
    return { actor: createActor(machine, { input: prefilledInput }).start(), submit, submitted };
  }
  const fresh: FormContext = {
    ...prefilledInput,
    values: { email: 'x@y.in' },
    errors: {},
    failure: null,
    result: null,
  };

  it('takes its id', () => {
    expect(createFormMachine({ id: 'reusableForm' }).id).toBe('reusableForm');
  });

  it('reusable: RESET while editing puts back the initial values and clears the messages', () => {
    const { actor } = reusable();
    actor.send({ type: 'CHANGE', field: 'email', value: '' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'Email ID is required' });
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toEqual(fresh);
  });

  it('reusable: done waits for RESET (no output), which empties the form; RESET while submitting is ignored', async () => {
    const { actor, submit, submitted } = reusable();
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('submitting');
    submit.calls[0]!.resolve({ name: 'Asha Rao' });
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().output).toBeUndefined();
    expect(actor.getSnapshot().context.result).toEqual({ name: 'Asha Rao' });
    expect(submitted).toHaveBeenCalledTimes(1);
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toEqual(fresh);
  });

  it('runs submitted once the submit is answered, not when it is refused', async () => {
    const submitted = vi.fn();
    let answer: () => Promise<unknown> = () => Promise.reject(new Error('offline'));
    const machine = formMachine.provide({ actors: { submit: fromPromise(() => answer()) }, actions: { submitted } });
    const actor = createActor(machine, { input: prefilledInput }).start();
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(submitted).not.toHaveBeenCalled();
    answer = () => Promise.resolve('ok');
    actor.send({ type: 'SUBMIT' });
    await settle();
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('ignores RESET unless reusable', () => {
    const { actor } = harness(() => Promise.resolve('ok'));
    actor.send({ type: 'CHANGE', field: 'email', value: 'a@b.in' });
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().context.values).toEqual({ email: 'a@b.in' });
  });

  it('reads a refusal with the reader it is given: against known fields, titles kept', async () => {
    const submit = fakeEffect<unknown, FormValues>();
    const machine = createFormMachine({
      id: 'fieldsForm',
      readRefusal: (error) => refusalOf(error, ['email'] as const),
    }).provide({ actors: { submit: submit.logic } });
    const actor = createActor(machine, { input: prefilledInput }).start();
    actor.send({ type: 'SUBMIT' });
    submit.calls[0]!.reject(
      apiErrorFromBody(422, {
        errors: [
          { code: 'ER-X', title: 'user[email]', detail: 'Email has already been taken' },
          { code: 'ER-Y', title: 'role', detail: 'not a field' },
        ],
      }),
    );
    await settle();
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'Email has already been taken' });
    expect(actor.getSnapshot().context.failure).toEqual([
      { code: 'ER-X', title: 'user[email]', detail: 'Email has already been taken' },
      { code: 'ER-Y', title: 'role', detail: 'not a field' },
    ]);
  });

  it('reads a field from its title, bare or bracketed', () => {
    const fields = ['email', 'phone_number'] as const;
    expect(fieldOfTitle('email', fields)).toBe('email');
    expect(fieldOfTitle('user[phone_number]', fields)).toBe('phone_number');
    expect(fieldOfTitle('user[role_id]', fields)).toBeUndefined();
    expect(fieldOfTitle(undefined, fields)).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------------
// Every path: each simple path replayed on a live form whose submit effect is held open until the path
// settles it, checked after every step against a reference model written here (state, values, messages,
// failure, every request sent, the output).

type FormValue = 'editing' | 'submitting' | 'done';

/** What each refusal of the paths must leave: the field messages and the failure (written out). */
const REFUSALS = new Map<unknown, { errors: FieldErrors; failure: FormFailure[] }>([
  [
    REFUSED.invalidEmail,
    {
      errors: { email: 'email is not a valid e-mail address' },
      failure: [
        { code: 'ER-VALIDATION', detail: 'email is not a valid e-mail address' },
        { code: 'ER-VALIDATION', detail: 'a second message for the field' },
        { code: 'ER-X', detail: 'also this' },
      ],
    },
  ],
  [REFUSED.offline, { errors: {}, failure: [{ code: 'ERROR', detail: 'offline' }] }],
]);

class FormModel {
  value: FormValue = 'editing';
  values: FormValues;
  errors: FieldErrors = {};
  failure: FormFailure[] | null = null;
  result: unknown = null;
  sent: FormValues[] = [];

  constructor(private readonly formInput: FormInput) {
    this.values = { ...formInput.initial };
  }

  send(event: AnyEventObject) {
    const e = event as FormEvent;
    const outcome = effectOutcome(event);
    if (this.value === 'editing' && e.type === 'CHANGE') {
      this.values = { ...this.values, [e.field]: e.value };
      const { [e.field]: _cleared, ...rest } = this.errors;
      this.errors = rest;
    } else if (this.value === 'editing' && e.type === 'SUBMIT') {
      const problems = this.formInput.validate(this.values);
      this.failure = null;
      this.errors = problems;
      if (Object.keys(problems).length === 0) {
        this.value = 'submitting';
        this.sent.push(this.values);
      }
    } else if (this.value === 'submitting' && outcome?.id === 'submit') {
      if (outcome.ok) {
        this.value = 'done';
        this.failure = null;
        this.result = outcome.output;
      } else {
        this.value = 'editing';
        ({ errors: this.errors, failure: this.failure } = REFUSALS.get(outcome.error)!);
      }
    }
  }

  context(): FormContext {
    return { ...this.formInput, values: this.values, errors: this.errors, failure: this.failure, result: this.result };
  }
}

describe('form: every path', () => {
  for (const [label, formInput, graph] of [
    ['an empty form', input, formPaths.graphs.empty],
    ['a prefilled form', prefilledInput, formPaths.graphs.prefilled],
  ] as const) {
    it(`replays every simple path of ${label} with its submit settled, matching the reference model`, async () => {
      const paths = getSimplePaths(formPaths.machine, graph);
      expect(paths.length).toBeGreaterThan(20);
      const ends = new Set<string>();
      for (const path of paths) {
        const name = pathName(path);
        const submit = fakeEffect<unknown, FormValues>();
        const actor = createActor(formMachine.provide({ actors: { submit: submit.logic } }), {
          input: formInput,
        }).start();
        const model = new FormModel(formInput);
        await replay(path, {
          effects: { submit },
          send: (event) => {
            actor.send(event as FormEvent);
            if (event.type === 'SUBMIT') actor.send({ type: 'SUBMIT' }); // a double click
          },
          check: (expected, index, event) => {
            if (index > 0) {
              model.send(event);
              if (event.type === 'SUBMIT') model.send(event);
            }
            const at = `${name} @${index}`;
            const snapshot = actor.getSnapshot();
            expect(formState(snapshot), at).toBe(formState(expected as never));
            expect(snapshot.value, at).toBe(model.value);
            expect(snapshot.context, at).toEqual(model.context());
            expect(
              submit.calls.map((c) => c.input),
              at,
            ).toEqual(model.sent);
            expect(submit.pending(), at).toHaveLength(model.value === 'submitting' ? 1 : 0);
            expect(snapshot.status, at).toBe(model.value === 'done' ? 'done' : 'active');
            expect(snapshot.output, at).toEqual(model.value === 'done' ? { result: model.result } : undefined);
          },
        });
        ends.add(model.value);
      }
      expect(ends).toEqual(new Set(['editing', 'submitting', 'done']));
    });
  }
});
