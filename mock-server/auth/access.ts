import { ROUTES, type UserType } from '../../src/domain/access';

/**
 * Which area of the portal a provider call belongs to, and so which access types may make it (spec 1 §2.1,
 * spec 2 §2, §6: the route table in `src/domain/access.ts`). The provider enforces what the app's navigation
 * hides: a t2 (retailer-side) token cannot read the anchor's invoices, lending or pipeline, nor a t1 token
 * the retailer area; admin, the profile and the session are open to every type.
 *
 * The area is read from the route that matched the request (its declared pattern, such as
 * `/distributor_retailers/:id/retailer_invoice_details`), never from the path as the client spelt it: Express
 * matches paths in any case and with a trailing slash, so a spelling must not choose the area.
 */
export type ApiArea = 'anchor' | 'retailer' | 'admin';

const AREA_TYPES: Readonly<Record<ApiArea, readonly UserType[]>> = {
  anchor: ROUTES.dashboard.types,
  retailer: ROUTES.retailer.types,
  admin: ROUTES.admin.types,
};

const AREA_NAMES: Readonly<Record<ApiArea, string>> = {
  anchor: "the anchor's dashboard, invoices, lending and pipeline",
  retailer: 'the retailer area',
  admin: 'admin',
};

/** Calls of the admin page and of every user's own account (profile, password, logout). */
const ADMIN_PREFIXES = ['/users', '/anchor_account_details', '/anchor_settings', '/bank_details_by_ifsc'];

const under = (pattern: string, prefix: string) => pattern === prefix || pattern.startsWith(`${prefix}/`);

/**
 * Whether a GET /distributor_companies asks for the admin's lists (customers, virtual accounts):
 * `filter[admin_panel]=true`, exactly. The route reads the same function, so the area and the list agree.
 */
export function asksForAdminList(query: Record<string, unknown>): boolean {
  const filter = query.filter;
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) return false;
  return (filter as Record<string, unknown>).admin_panel === 'true';
}

/**
 * The area of an authenticated call, from the pattern of the route that matched it. The admin's customer
 * and virtual-account lists are GET /distributor_companies with `filter[admin_panel]=true` (and only the
 * admin's filters: the route refuses the others); the same path without it is the anchor's.
 */
export function apiAreaOf(routePattern: string, query: Record<string, unknown>): ApiArea {
  if (under(routePattern, '/distributor_retailers')) return 'retailer';
  if (ADMIN_PREFIXES.some((prefix) => under(routePattern, prefix))) return 'admin';
  if (routePattern === '/distributor_companies' && asksForAdminList(query)) return 'admin';
  return 'anchor';
}

/** Why a user of this type may not make this call, or null when they may. */
export function accessProblem(type: UserType, routePattern: string, query: Record<string, unknown>): string | null {
  const area = apiAreaOf(routePattern, query);
  if (AREA_TYPES[area].includes(type)) return null;
  return `A ${type ?? 'unset'} user cannot use ${AREA_NAMES[area]}.`;
}
