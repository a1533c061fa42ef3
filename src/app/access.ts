import type { AccessType } from '../api/codecs/session';

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

/** The logged-in routes, exact paths, with the spec's access table. Order is the navigation order. */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', title: 'Dashboard', label: 'Dashboard', types: ['t1', 't1t2', null], navPath: '/' },
  { path: '/invoices', title: 'Invoices', label: 'Invoices', types: ['t1', 't1t2', null], navPath: '/invoices' },
  { path: '/lending', title: 'Lending', label: 'Lending', types: ['t1', 't1t2', null], navPath: '/lending' },
  { path: '/my-pipeline', title: 'My Pipeline', label: 'My Pipeline', types: ['t1', 't1t2', null], navPath: '/my-pipeline' },
  { path: '/Retailer', title: 'Retailer Details', label: 'Retailer Details', types: ['t2', 't1t2', null], navPath: '/Retailer' },
  { path: '/admin', title: 'Admin', label: 'Admin', types: ['t1', 't2', 't1t2', null], navPath: '/admin' },
  { path: '/onboarding', title: 'Onboarding', label: null, types: ['t1', null], navPath: '/' },
];

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
