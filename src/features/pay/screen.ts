import { publicScreen } from '../../ui/screen';
import { loadPayScreen, loadPaySuccessScreen } from './loaders';
import { PAY_ROUTES } from './routes';

/** The public pay pages: a retailer opens them from a payment link; no login, no redirects. */
export const screens = [
  publicScreen(PAY_ROUTES.pay, loadPayScreen),
  publicScreen(PAY_ROUTES.paySuccess, loadPaySuccessScreen),
];
