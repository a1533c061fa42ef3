import { PUBLIC_ROUTES } from '../../domain/access';
import { publicScreen } from '../../ui/screen';

/** The account pages: a logged-in visitor is sent on (see each route's `loggedIn`). */
export const screens = [
  publicScreen(PUBLIC_ROUTES.login, () => import('./LoginScreen')),
  publicScreen(PUBLIC_ROUTES.forgotPassword, () => import('./ForgotPasswordScreen')),
  publicScreen(PUBLIC_ROUTES.resetPassword, () => import('./ResetPasswordScreen')),
];
