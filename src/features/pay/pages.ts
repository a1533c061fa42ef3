import { config } from '../../config';
import { withProduct } from '../../domain/product';
import { loadPayScreen, loadPaySuccessScreen } from './loaders';
import { startPayLinkRequest } from './pay-link';
import { PAY_ROUTES } from './routes';

const ignore = () => undefined;

/**
 * The entry's start of a pay page, before React is there: on `/pay-with-{product}` the documents request
 * and the screen's code go out at once, on the success page its code. True when `location` is a pay page
 * (the light pay app serves it); anything else is left alone.
 */
export function startPayPage(location: Pick<Location, 'pathname' | 'search'>): boolean {
  if (location.pathname === withProduct(PAY_ROUTES.pay.path, config.product)) {
    startPayLinkRequest(location.search);
    // A failed load is reported by the screen's own lazy import, under its error boundary.
    loadPayScreen().catch(ignore);
    return true;
  }
  if (location.pathname === withProduct(PAY_ROUTES.paySuccess.path, config.product)) {
    loadPaySuccessScreen().catch(ignore);
    return true;
  }
  return false;
}
