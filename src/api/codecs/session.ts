import * as t from 'io-ts';
import { ACCESS_TYPES } from '../../domain/access';
import type { User as UserShape } from '../../domain/user';
import { Id, Nullable, one, oneOf, Optional, type Decodes } from './common';

const AccessType = oneOf(ACCESS_TYPES);

/** POST /sessions. */
export const SessionResponse = one(
  t.intersection([
    t.type({ auth_token: t.string, refresh_token: t.string, user_id: Id }),
    t.partial({ event: Nullable(AccessType), expires_in: t.number }),
  ]),
);

/** POST /auth: the rotated pair. */
export const RefreshResponse = one(
  t.intersection([t.type({ auth_token: t.string, refresh_token: t.string }), t.partial({ expires_in: t.number })]),
);

const UserAnchor = t.intersection([
  t.type({ name: t.string, logo_url: Optional(t.string) }),
  t.partial({ id: Id, is_system_generated: t.boolean }),
]);

/** GET /users/{id}: the logged-in user. */
export const User = t.intersection([
  t.type({ id: Id, name: t.string, email: t.string, role: t.string, role_id: t.union([t.number, t.string]) }),
  t.partial({
    first_name: t.string,
    last_name: t.string,
    designation: t.string,
    virtual_id: Nullable(t.string),
    phone_number: t.string,
    event: Nullable(AccessType),
    anchor: Nullable(UserAnchor),
    is_system_generated: t.boolean,
    permissions: t.array(t.string),
  }),
]);
export const UserResponse = one(User);
/** The user as the wire sends it: the access type under the spec's name, `event`. */
type UserWire = Omit<UserShape, 'accessType'> & { event?: UserShape['accessType'] };
true satisfies Decodes<typeof User, UserWire>;

/** The app's user from the wire's: `event` becomes `accessType`, the name the app uses. */
export function userOf(wire: t.TypeOf<typeof User>): UserShape {
  const { event, ...rest } = wire;
  return event === undefined ? rest : { ...rest, accessType: event };
}
