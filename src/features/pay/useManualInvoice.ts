import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { manualInvoiceMachine, type CreateRequest } from '../../../machines/manual-invoice/manual-invoice.machine';
import type { PayDocument } from '../../domain/pay';
import { useFlowMachine } from '../../lib/inspection';

/**
 * One manual entry's flow (editing, creating, created, confirming delete): the manual-invoice machine with
 * its `createInvoice` effect, which `useManualEntries` builds over the client.
 */
export function useManualInvoice(
  create: (request: CreateRequest) => Promise<{ data: PayDocument }>,
  input: { isSalesOrder: boolean; today: string },
) {
  const machine = useMemo(
    () =>
      manualInvoiceMachine.provide({
        actors: { createInvoice: fromPromise(({ input: request }: { input: CreateRequest }) => create(request)) },
      }),
    [create],
  );
  return useFlowMachine(machine, { input: { ...input, newKey: () => crypto.randomUUID() } });
}
