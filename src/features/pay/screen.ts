import { PUBLIC_ROUTES } from '../../domain/access';
import { publicScreen } from '../../ui/screen';

/** The public pay pages: a retailer opens them from a payment link; no login, no redirects. */
export const screens = [
  publicScreen(PUBLIC_ROUTES.pay, () => import('./PayScreen')),
  publicScreen(PUBLIC_ROUTES.paySuccess, () => import('./PaySuccessScreen')),
];
