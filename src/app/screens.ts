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

/** Every screen, collected from the features' screen modules. A new screen adds its module here. */
export const SCREENS: readonly ScreenModule[] = [...dashboard, ...onboarding, ...invoices, ...lending, ...pipeline, ...retailer, ...admin, ...pay, ...auth];
