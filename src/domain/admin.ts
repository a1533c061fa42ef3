/**
 * The admin area, onboarding and the retailer area (spec 2 §2.7-2.9, §4-§6, §9): the add-user and
 * add-bank-account rules with their messages, the bank lookup's trigger, the configuration's settings,
 * the texts the spec fixes, and the retailer filters. The app, the machines and the mock read them here.
 */
import { hiddenCharacterProblem, isEmailAddress } from './validation';
import { REGIONS, type Region } from './regions';

// ---------------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------------

/** Users added through admin (spec 2 §6). */
export const NEW_USER_ROLE_ID = '5';
export const DESIGNATIONS = ['portal_user'] as const;
export type Designation = (typeof DESIGNATIONS)[number];

/** A user-level check: who may add and delete users, add bank accounts and change the configuration. */
export const MANAGE_ANCHOR = 'manage_anchor';
export const canManageAnchor = (user: { permissions?: readonly string[] } | null | undefined): boolean =>
  user?.permissions?.includes(MANAGE_ANCHOR) ?? false;

export const USER_TEXTS = {
  added: 'User Added Successfully!',
  allAccess: 'with All access.',
  deleted: 'Succesfully deleted.',
  /** The question around the user's name ('Are you sure, you want to delete {name}?'): the UI isolates the name. */
  confirmDelete: ['Are you sure, you want to delete ', '?'],
  /** Spec 2 §6: users added through admin get all access over these areas (fixed checked boxes). */
  accessAreas: ['Dashboard', 'Invoices', 'Lending', 'My Pipeline'],
} as const;

export interface NewUserForm {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  designation: string;
}

export const EMPTY_NEW_USER: Readonly<NewUserForm> = Object.freeze({
  first_name: '',
  last_name: '',
  email: '',
  phone_number: '',
  designation: 'portal_user',
});

export const USER_MESSAGES = {
  name: 'Must be more then one character',
  emailRequired: 'Email is required',
  emailInvalid: 'Must be a valid email',
  phoneRequired: 'Mobile number is Required',
  phoneInvalid: 'Mobile number is not valid',
  designation: 'Choose a designation from the list',
} as const;

/** Spec 2 §5: an optional country prefix (+ and 1-3 digits, then an optional dash or space) and exactly 10 digits. */
const PHONE_PATTERN = /^(?:\+\d{1,3}[- ]?)?\d{10}$/;

/** A first or last name: no invisible or direction-changing characters, and at least two characters. */
function nameProblem(value: string, label: string): string | undefined {
  const name = value.trim();
  return hiddenCharacterProblem(name, label) ?? ([...name].length < 2 ? USER_MESSAGES.name : undefined);
}

/** Spec 2 §5, the add-user form: the message under each field that fails; an empty object is a valid form. */
export function newUserProblems(form: NewUserForm): Partial<Record<keyof NewUserForm, string>> {
  const found: Partial<Record<keyof NewUserForm, string>> = {};
  const first = nameProblem(form.first_name, 'First name');
  if (first) found.first_name = first;
  const last = nameProblem(form.last_name, 'Last name');
  if (last) found.last_name = last;
  const email = form.email.trim();
  if (email === '') found.email = USER_MESSAGES.emailRequired;
  else if (!isEmailAddress(email)) found.email = USER_MESSAGES.emailInvalid;
  const phone = form.phone_number.trim();
  if (phone === '') found.phone_number = USER_MESSAGES.phoneRequired;
  else if (!PHONE_PATTERN.test(phone)) found.phone_number = USER_MESSAGES.phoneInvalid;
  if (form.designation !== '' && !(DESIGNATIONS as readonly string[]).includes(form.designation))
    found.designation = USER_MESSAGES.designation;
  return found;
}

/** What POST /users sends: the trimmed form with role_id '5'. */
export function newUserBody(form: NewUserForm) {
  return {
    user: {
      email: form.email.trim(),
      first_name: form.first_name.trim(),
      last_name: form.last_name.trim(),
      phone_number: form.phone_number.trim(),
      designation: form.designation === '' ? 'portal_user' : form.designation,
      role_id: NEW_USER_ROLE_ID,
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Bank accounts
// ---------------------------------------------------------------------------------------------------

export const ACCOUNT_TYPES = ['CA', 'CC'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_LABELS: Readonly<Record<AccountType, string>> = {
  CA: 'Current Account (CA)',
  CC: 'Cash Credit (CC)',
};

export interface BankAccountForm {
  account_name: string;
  account_number: string;
  account_type: string;
  ifsc: string;
  bank_name: string;
  branch_name: string;
  region: string;
}

export const EMPTY_BANK_ACCOUNT: Readonly<BankAccountForm> = Object.freeze({
  account_name: '',
  account_number: '',
  account_type: '',
  ifsc: '',
  bank_name: '',
  branch_name: '',
  region: '',
});

export const BANK_MESSAGES = {
  ifsc: 'Invalid Ifsc code.',
  added: 'Bank account added successfully.',
  accountNumber: 'Account number must be 9 to 18 digits',
} as const;

const IFSC_LENGTH = 11;
/**
 * A real IFSC: four letters, a zero, then six letters or digits. The spec's rule (4 letters and 7 digits)
 * would refuse real codes whose branch part holds a letter (stack notes): the real format is accepted, with
 * the spec's message.
 */
const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const isIfsc = (value: string): boolean => IFSC_PATTERN.test(value);

/** The input mask: upper case, letters and digits only, at most 11 characters. */
export const maskIfsc = (value: string): string =>
  value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, IFSC_LENGTH);

/** Spec 2 §4: a lookup is made once a full 11-character IFSC without a plus sign is typed. */
export const wantsBankLookup = (ifsc: string): boolean => ifsc.length === IFSC_LENGTH && !ifsc.includes('+');

const BANK_LABELS: Readonly<Record<keyof BankAccountForm, string>> = {
  account_name: 'Account name',
  account_number: 'Account number',
  account_type: 'Account type',
  ifsc: 'IFSC',
  bank_name: 'Bank name',
  branch_name: 'Branch name',
  region: 'Region',
};

/** The fields typed as free text (the others have a format or a list of values). */
const BANK_TEXT_FIELDS: ReadonlySet<keyof BankAccountForm> = new Set(['account_name', 'bank_name', 'branch_name']);

/**
 * Spec 2 §5, the add-bank-account form: every field required, no invisible or direction-changing characters in
 * the names, the IFSC's format, CA or CC, one of the four regions.
 */
export function bankAccountProblems(form: BankAccountForm): Partial<Record<keyof BankAccountForm, string>> {
  const found: Partial<Record<keyof BankAccountForm, string>> = {};
  for (const key of Object.keys(BANK_LABELS) as (keyof BankAccountForm)[]) {
    const value = form[key].trim();
    const problem =
      value === ''
        ? `${BANK_LABELS[key]} is required`
        : BANK_TEXT_FIELDS.has(key)
          ? hiddenCharacterProblem(value, BANK_LABELS[key])
          : undefined;
    if (problem) found[key] = problem;
  }
  if (!found.ifsc && !isIfsc(form.ifsc.trim())) found.ifsc = BANK_MESSAGES.ifsc;
  if (!found.account_number && !/^\d{9,18}$/.test(form.account_number.trim()))
    found.account_number = BANK_MESSAGES.accountNumber;
  if (!found.account_type && !(ACCOUNT_TYPES as readonly string[]).includes(form.account_type))
    found.account_type = `${BANK_LABELS.account_type} must be CA or CC`;
  if (!found.region && !(REGIONS as readonly string[]).includes(form.region))
    found.region = `${BANK_LABELS.region} must be one of ${REGIONS.join(', ')}`;
  return found;
}

/** What POST /anchor_account_details sends: the seven fields, trimmed. */
export function bankAccountBody(form: BankAccountForm) {
  return {
    anchor_account_detail: {
      account_name: form.account_name.trim(),
      account_number: form.account_number.trim(),
      account_type: form.account_type as AccountType,
      ifsc: form.ifsc.trim(),
      bank_name: form.bank_name.trim(),
      branch_name: form.branch_name.trim(),
      region: form.region as Region,
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------------

/** The settings in the order the configuration lists them (spec 2 §3), product-neutral names. */
export const SETTING_NAMES = [
  'customer_consent',
  'customer_notification',
  'default_drawdown_status',
  'email_blocked',
  'is_sales_order',
  'require_otp',
  'send_clear_dues_mail_after_invoice_created',
  'send_clear_dues_mail_after_invoice_file_received',
  'send_payments',
  'show_{product}_credit_option',
  'show_{product}_pay_option',
  'sms_blocked',
  'whats_app_notification_after_invoice_file_received',
  'whatsapp_blocked',
] as const;

export type SettingName = (typeof SETTING_NAMES)[number];

/** Spec 2 §8: error text is shown with underscores as spaces. */
export const withSpaces = (text: string): string => text.replaceAll('_', ' ');

/** How long a configuration change can be undone, by the Undo button beside its control. */
export const SETTING_UNDO_MS = 10_000;

interface SettingText {
  /** What the Parameter column says (the key is in the setting's tooltip). */
  label: string;
  /**
   * The risky changes, by the value they set ('true', 'false' or an option): what the change does to the
   * anchor's retailers, asked about before it is sent. A change not listed is sent at once (and can be undone).
   */
  risky?: Readonly<Record<string, string>>;
}

/**
 * Each setting in words, and its risky changes. Risky: what changes how every retailer of the anchor pays or
 * gets credit (the OTP, the pay page's options, sales orders, the drawdown status), cuts them off from a channel
 * (a block), or shares their invoices without consent. Single notifications are not asked about: the toast and
 * Undo cover a slip.
 */
export const SETTINGS: Readonly<Record<SettingName, SettingText>> = {
  customer_consent: {
    label: 'Ask retailers for consent before sharing their invoices',
    risky: { false: 'Retailers’ invoices will be shared without asking for their consent.' },
  },
  customer_notification: { label: 'Notify retailers when their invoices are shared' },
  default_drawdown_status: {
    label: 'Status of new drawdown requests',
    risky: {
      Verified:
        'Retailers’ new drawdown requests will start as verified: their credit goes ahead without a review by your team.',
      Draft:
        'Retailers’ new drawdown requests will start as drafts: their credit waits until your team verifies each one.',
    },
  },
  email_blocked: {
    label: 'Block e-mail to retailers',
    risky: { true: 'Retailers will get no e-mail from the portal: no payment links, reminders or notices by e-mail.' },
  },
  is_sales_order: {
    label: 'Retailers pay sales orders, not invoices',
    risky: {
      true: 'Retailers will pay against sales orders instead of invoices.',
      false: 'Retailers will pay against invoices instead of sales orders.',
    },
  },
  require_otp: {
    label: 'Ask for an OTP before a retailer avails credit',
    risky: { false: 'Retailers will be able to avail credit without an OTP.' },
  },
  send_clear_dues_mail_after_invoice_created: { label: 'Clear-dues e-mail after an invoice is created' },
  send_clear_dues_mail_after_invoice_file_received: { label: 'Clear-dues e-mail after an invoice file is received' },
  send_payments: { label: 'Payment confirmations to retailers' },
  'show_{product}_credit_option': {
    label: 'Offer credit on the pay page',
    risky: { false: 'Retailers will no longer be offered credit on the pay page.' },
  },
  'show_{product}_pay_option': {
    label: 'Offer direct payment on the pay page',
    risky: { false: 'Retailers will no longer be able to pay directly on the pay page.' },
  },
  sms_blocked: {
    label: 'Block SMS to retailers',
    risky: { true: 'Retailers will get no SMS from the portal: no payment links, reminders or notices by SMS.' },
  },
  whats_app_notification_after_invoice_file_received: {
    label: 'WhatsApp notification after an invoice file is received',
  },
  whatsapp_blocked: {
    label: 'Block WhatsApp messages to retailers',
    risky: {
      true: 'Retailers will get no WhatsApp messages from the portal: no payment links, reminders or notices on WhatsApp.',
    },
  },
};

const isSettingName = (name: string): name is SettingName => (SETTING_NAMES as readonly string[]).includes(name);

/** A setting's label; a name the kernel does not know shows with spaces for underscores. */
export const settingLabel = (name: string): string => (isSettingName(name) ? SETTINGS[name].label : withSpaces(name));

/** What setting `name` to `value` does to the retailers when the change is risky (asked about first), else null. */
export const settingEffect = (name: string, value: boolean | string): string | null =>
  isSettingName(name) ? (SETTINGS[name].risky?.[String(value)] ?? null) : null;

/** A setting's value in the Status column and the toasts: a switch is Active or Inactive, a dropdown its option. */
export const settingValueText = (value: boolean | string): string =>
  value === true ? 'Active' : value === false ? 'Inactive' : value;

/** The texts of a configuration change: its confirmation, and the toasts of the change and of its undo. */
export const SETTING_TEXTS = {
  /** The confirmation's title: 'Turn off “Ask for an OTP before a retailer avails credit”?'. */
  question: (label: string, value: boolean | string) =>
    typeof value === 'boolean' ? `Turn ${value ? 'on' : 'off'} “${label}”?` : `Change “${label}” to ${value}?`,
  /** The confirming button: what it does. */
  action: (value: boolean | string) =>
    typeof value === 'boolean' ? `Turn ${value ? 'on' : 'off'}` : `Change to ${value}`,
  allRetailers: 'This applies to every retailer of the anchor at once.',
  changed: (label: string, value: boolean | string) =>
    `${label}: ${settingValueText(value)}. You can undo this for ${SETTING_UNDO_MS / 1000} seconds.`,
  undone: (label: string, value: boolean | string) => `Undone: ${label} is ${settingValueText(value)} again.`,
  undo: 'Undo',
} as const;

// ---------------------------------------------------------------------------------------------------
// Collection modes (spec 2 §9: static text)
// ---------------------------------------------------------------------------------------------------

export const COLLECTION_MODE_CHARGES = [
  { mode: 'Credit cards', charge: '0.90%' },
  { mode: 'Debit cards', charge: '2.00% / 2.10% / 2.25%' },
  { mode: 'IMPS', charge: '1.50% / 2.50% / 6.50% by amount' },
  { mode: 'NEFT', charge: '2.50 / 5 / 15 / 25%' },
  { mode: 'RTGS', charge: '25 / 50%' },
] as const;

// ---------------------------------------------------------------------------------------------------
// Onboarding
// ---------------------------------------------------------------------------------------------------

export const ONBOARDING_TEXT = 'Once you complete the previous steps, our AI will bring your metrics online.';
export const ONBOARDING_CARDS = [
  { key: 'user', title: 'New User', action: 'Add User' },
  { key: 'bank', title: 'Bank Account', action: 'Add Bank Account' },
  { key: 'virtual', title: 'Virtual Account', action: 'Upload Virtual Account' },
  { key: 'templates', title: 'Reminder & Notification Templates', action: 'Start Now' },
  { key: 'collect', title: 'Collect', action: 'Manage Collect' },
  { key: 'connect', title: 'Connect', action: 'Connect with the provider' },
] as const;

// ---------------------------------------------------------------------------------------------------
// Retailers
// ---------------------------------------------------------------------------------------------------

/** Spec 2 §2.9: the channel-finance filter and what it sends. */
export const CHANNEL_FINANCE_FILTERS = [
  { key: 'all', label: 'All', value: null },
  { key: '1', label: 'Channel Finance', value: '1' },
  { key: '0', label: 'Non-Channel Finance', value: '0' },
] as const;

/** Spec 2 §9: retailer invoices come 15 to a page. */
export const RETAILER_INVOICE_PAGE_SIZE = 15;
