import type { AnyStateMachine } from 'xstate';
import { addBankAccountMachine } from './add-bank-account/add-bank-account.machine';
import { addUserMachine } from './add-user/add-user.machine';
import { adminChangeMachine } from './admin-change/admin-change.machine';
import { chartPanelMachine } from './chart-panel/chart-panel.machine';
import { csvUploadMachine } from './csv-upload/csv-upload.machine';
import { customerMasterWizardMachine } from './customer-master-wizard/customer-master-wizard.machine';
import { formMachine } from './form/form.machine';
import { manualInvoiceMachine } from './manual-invoice/manual-invoice.machine';
import { payCheckoutMachine } from './pay-checkout/pay-checkout.machine';
import { paySelectionMachine } from './pay-selection/pay-selection.machine';
import { createLinkMachine } from './payment-links/create-link.machine';
import { sendLinksMachine } from './payment-links/send-links.machine';
import { profileMachine } from './profile/profile.machine';
import { reminderMachine } from './reminder/reminder.machine';
import { sessionMachine } from './session/session.machine';

/**
 * Every machine of the app by its id (the `id` of its definition): what a recording names and a replay runs.
 * machines/path-coverage.test.ts fails when a machine under machines/ is missing here or shares another's id.
 */
export const MACHINES: Readonly<Record<string, AnyStateMachine>> = Object.fromEntries(
  [
    addBankAccountMachine,
    addUserMachine,
    adminChangeMachine,
    chartPanelMachine,
    csvUploadMachine,
    customerMasterWizardMachine,
    formMachine,
    manualInvoiceMachine,
    payCheckoutMachine,
    paySelectionMachine,
    createLinkMachine,
    sendLinksMachine,
    profileMachine,
    reminderMachine,
    sessionMachine,
  ].map((machine): [string, AnyStateMachine] => [machine.id, machine as AnyStateMachine]),
);
