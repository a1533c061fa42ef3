/**
 * Who sees what (spec 1 §1): the access types, the logged-in routes with the spec's access table, and the
 * public routes. Screens declare their module against these entries (`src/features/<area>/screen.ts`);
 * the router and the navigation read them from here.
 */
// With the file extension: the build's config (build/pay.ts) loads this file in Node, and Vite's loader wants it.
import { withProduct } from './product.ts';

/** The portal access types: t1 anchor staff, t2 retailer side, t1t2 both. */
export const ACCESS_TYPES = ['t1', 't2', 't1t2'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

/** A user's access type; null (unset) behaves like every type. */
export type UserType = AccessType | null;

export interface AppRoute {
  path: string;
  /** The page title. */
  title: string;
  /** The side-navigation label; routes without one are reached by other means. */
  label: string | null;
  /** Which types may see the route (spec table); null stands for unset. */
  types: readonly UserType[];
  /** The navigation entry highlighted on this route: onboarding is the dashboard before there are metrics. */
  navPath: string;
}

/** The logged-in routes, exact paths, with the spec's access table. */
export const ROUTES = {
  dashboard: { path: '/', title: 'Dashboard', label: 'Dashboard', types: ['t1', 't1t2', null], navPath: '/' },
  invoices: {
    path: '/invoices',
    title: 'Invoices',
    label: 'Invoices',
    types: ['t1', 't1t2', null],
    navPath: '/invoices',
  },
  lending: { path: '/lending', title: 'Lending', label: 'Lending', types: ['t1', 't1t2', null], navPath: '/lending' },
  pipeline: {
    path: '/my-pipeline',
    title: 'My Pipeline',
    label: 'My Pipeline',
    types: ['t1', 't1t2', null],
    navPath: '/my-pipeline',
  },
  retailer: {
    path: '/Retailer',
    title: 'Retailer Details',
    label: 'Retailer Details',
    types: ['t2', 't1t2', null],
    navPath: '/Retailer',
  },
  admin: { path: '/admin', title: 'Admin', label: 'Admin', types: ['t1', 't2', 't1t2', null], navPath: '/admin' },
  onboarding: { path: '/onboarding', title: 'Onboarding', label: null, types: ['t1', null], navPath: '/' },
} as const satisfies Record<string, AppRoute>;

/** The logged-in routes in navigation order. */
export const APP_ROUTES: readonly AppRoute[] = Object.values(ROUTES);

/**
 * The public pages, reached without a login; `{product}` is the provider's product key. An account page
 * sends a logged-in visitor on (`loggedIn`: 'home' to the user's home, or a path).
 */
export interface PublicRoute {
  path: string;
  title: string;
  loggedIn: 'stay' | 'home' | '/';
}

export const PUBLIC_ROUTES = {
  pay: { path: '/pay-with-{product}', title: 'Pay', loggedIn: 'stay' },
  paySuccess: { path: '/pay-with-{product}-success', title: 'Payment', loggedIn: 'stay' },
  login: { path: '/login', title: 'Log In', loggedIn: 'home' },
  forgotPassword: { path: '/forgot-password', title: 'Forgot password', loggedIn: '/' },
  resetPassword: { path: '/reset-password', title: 'Reset password', loggedIn: '/' },
} as const satisfies Record<string, PublicRoute>;

/** The pay pages' paths for a product key (`/pay-with-provider`, `/pay-with-provider-success`): the Preact build's pages. */
export function payPaths(product: string): string[] {
  return [PUBLIC_ROUTES.pay, PUBLIC_ROUTES.paySuccess].map((route) => withProduct(route.path, product));
}

export function canSee(type: UserType, route: AppRoute): boolean {
  return route.types.includes(type);
}

export function routeFor(path: string): AppRoute | undefined {
  return APP_ROUTES.find((route) => route.path === path);
}

/** Where a user lands: type t2 on the retailer page, everyone else on the dashboard. */
export function homeFor(type: UserType | undefined): string {
  return type === 't2' ? '/Retailer' : '/';
}

/** The navigation entries a type sees, in order. */
export function navFor(type: UserType): AppRoute[] {
  return APP_ROUTES.filter((route) => route.label !== null && canSee(type, route));
}
