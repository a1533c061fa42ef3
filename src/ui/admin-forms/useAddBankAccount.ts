import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { fromPromise } from 'xstate';
import {
  addBankAccountMachine,
  type BankLookupResult,
} from '../../../machines/add-bank-account/add-bank-account.machine';
import { createBankAccount, lookupBank } from '../../api/admin';
import { useSession } from '../../api/session-context';
import type { BankAccountForm } from '../../domain/admin';

/** An SWR key of a bank-account list (its first element is 'bank-accounts'). */
export const isBankAccountsKey = (key: unknown): boolean => Array.isArray(key) && key[0] === 'bank-accounts';

/**
 * The add-bank-account flow's effects: `lookupBank` is GET /bank_details_by_ifsc (a newer IFSC stops the
 * machine's lookup actor, which aborts the request), `createBankAccount` is POST /anchor_account_details,
 * and `refreshBankAccounts` revalidates every bank-account list.
 */
export function useAddBankAccount() {
  const { client } = useSession();
  const { mutate } = useSWRConfig();
  return useMemo(
    () =>
      addBankAccountMachine.provide({
        actors: {
          lookupBank: fromPromise<BankLookupResult, { ifsc: string }>(({ input, signal }) =>
            lookupBank(client, input.ifsc, signal),
          ),
          createBankAccount: fromPromise<unknown, BankAccountForm>(({ input }) => createBankAccount(client, input)),
        },
        actions: {
          refreshBankAccounts: () => {
            void mutate(isBankAccountsKey);
          },
        },
      }),
    [client, mutate],
  );
}
