import type { AccessType } from './access';

/** The anchor a user works for, as the profile shows it. */
interface UserAnchor {
  name: string;
  logo_url: string | null;
  id?: string;
  is_system_generated?: boolean;
}

/**
 * The logged-in user (GET /users/{id}). The session machine keeps it; `src/api/codecs/session.ts` decodes
 * exactly this shape.
 */
export interface User {
  id: string;
  name: string;
  email: string;
  role: string;
  role_id: number | string;
  first_name?: string;
  last_name?: string;
  designation?: string;
  virtual_id?: string | null;
  phone_number?: string;
  /** The portal access type (the wire's `event`); null behaves like every type. */
  accessType?: AccessType | null;
  anchor?: UserAnchor | null;
  is_system_generated?: boolean;
  /** User-level checks ('create_payment_links'); absent: none. */
  permissions?: string[];
}

/** User-level checks (spec 1 §6): the provider lists a user's permissions; the app shows what they allow. */
export const CREATE_PAYMENT_LINKS = 'create_payment_links';

/** True when the user may create payment links (the Create Payment Links card and modal). */
export const canCreatePaymentLinks = (user: Pick<User, 'permissions'> | null | undefined): boolean =>
  user?.permissions?.includes(CREATE_PAYMENT_LINKS) ?? false;
