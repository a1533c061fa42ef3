import { screens as admin } from '../features/admin/screen';
import { screens as auth } from '../features/auth/screen';
import { screens as dashboard } from '../features/dashboard/screen';
import { screens as invoices } from '../features/invoices/screen';
import { screens as lending } from '../features/lending/screen';
import { screens as onboarding } from '../features/onboarding/screen';
import { screens as pay } from '../features/pay/screen';
import { screens as pipeline } from '../features/pipeline/screen';
import { screens as retailer } from '../features/retailer/screen';
import type { ScreenModule } from '../ui/screen';

/**
 * Every screen, collected from the features' screen modules. A new screen adds its module here. No React: the
 * entry (src/main.tsx) reads it to ask for the current screen's code beside React's; `./screens` adds the
 * lazy components the router renders.
 */
export const SCREEN_MODULES: readonly ScreenModule[] = [
  ...dashboard,
  ...onboarding,
  ...invoices,
  ...lending,
  ...pipeline,
  ...retailer,
  ...admin,
  ...pay,
  ...auth,
];

/** The logged-in screen at `pathname`, if any. */
export const appScreenAt = (pathname: string): ScreenModule | undefined =>
  SCREEN_MODULES.find((s) => s.kind === 'app' && s.route.path === pathname);
