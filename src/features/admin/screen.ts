import { ROUTES } from '../../domain/access';
import { appScreen } from '../../ui/screen';

export const screens = [appScreen(ROUTES.admin, () => import('./AdminScreen'))];
