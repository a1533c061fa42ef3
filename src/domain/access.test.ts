import { describe, expect, it } from 'vitest';
import { APP_ROUTES, canSee, homeFor, navFor, routeFor, type UserType } from './access';

const labels = (type: UserType) => navFor(type).map((r) => r.label);

describe('access by user type', () => {
  it('shows each type exactly the navigation of the spec', () => {
    expect(labels('t1')).toEqual(['Dashboard', 'Invoices', 'Lending', 'My Pipeline', 'Admin']);
    expect(labels('t2')).toEqual(['Retailer Details', 'Admin']);
    expect(labels('t1t2')).toEqual(['Dashboard', 'Invoices', 'Lending', 'My Pipeline', 'Retailer Details', 'Admin']);
    expect(labels(null)).toEqual(['Dashboard', 'Invoices', 'Lending', 'My Pipeline', 'Retailer Details', 'Admin']);
  });

  it('lets only t1 and unset users reach onboarding', () => {
    const onboarding = routeFor('/onboarding')!;
    expect((['t1', 't2', 't1t2', null] as const).filter((t) => canSee(t, onboarding))).toEqual(['t1', null]);
  });

  it('highlights Dashboard on onboarding, which has no entry of its own', () => {
    expect(routeFor('/onboarding')?.navPath).toBe('/');
  });

  it('matches routes exactly, case included', () => {
    expect(routeFor('/Retailer')?.label).toBe('Retailer Details');
    expect(routeFor('/retailer')).toBeUndefined();
    expect(routeFor('/invoices/')).toBeUndefined();
  });

  it('sends t2 home to the retailer page and the others to the dashboard', () => {
    expect(homeFor('t2')).toBe('/Retailer');
    for (const type of ['t1', 't1t2', null] as const) expect(homeFor(type)).toBe('/');
    // Every home is a route its type may see.
    for (const type of ['t1', 't2', 't1t2', null] as const) expect(canSee(type, routeFor(homeFor(type))!)).toBe(true);
  });

  it('has no duplicate paths', () => {
    expect(routeFor('/onboarding')?.title).toBe('Onboarding');
    expect(new Set(APP_ROUTES.map((r) => r.path)).size).toBe(APP_ROUTES.length);
  });
});
