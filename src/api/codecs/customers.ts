import * as t from 'io-ts';
import { REGIONS } from '../../domain/regions';
import { Id, list, Nullable, oneOf } from './common';

export const Region = oneOf(REGIONS);

export const CompanyAddress = t.partial({
  address_1: Nullable(t.string),
  address_2: Nullable(t.string),
  city: Nullable(t.string),
  state: Nullable(t.string),
  pin_code: Nullable(t.string),
});
export type CompanyAddress = t.TypeOf<typeof CompanyAddress>;

const CompanyAccount = t.partial({
  upi_id: Nullable(t.string),
  account_number: Nullable(t.string),
  ifsc: Nullable(t.string),
  bank_name: Nullable(t.string),
  branch: Nullable(t.string),
});

/** A customer (distributor company) with its contact details: GET /distributor_companies (admin). */
export const CustomerContact = t.intersection([
  t.type({ id: Id, name: t.string, customer_code: t.string }),
  t.partial({
    region: Region,
    business_email: Nullable(t.string),
    mobile_number: Nullable(t.string),
    company_address: Nullable(CompanyAddress),
    account_details: t.array(CompanyAccount),
    virtual_account_number: Nullable(t.string),
  }),
]);
export type CustomerContact = t.TypeOf<typeof CustomerContact>;

export const CustomerContactList = list(CustomerContact, t.UnknownRecord);
export type CustomerContactPage = t.TypeOf<typeof CustomerContactList>;
