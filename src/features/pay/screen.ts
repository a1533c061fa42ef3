import { PUBLIC_ROUTES } from '../../domain/access';
import { publicScreen } from '../../ui/screen';
import { loadPayScreen, loadPaySuccessScreen } from './pages';

/** The public pay pages: a retailer opens them from a payment link; no login, no redirects. */
export const screens = [publicScreen(PUBLIC_ROUTES.pay, loadPayScreen), publicScreen(PUBLIC_ROUTES.paySuccess, loadPaySuccessScreen)];
