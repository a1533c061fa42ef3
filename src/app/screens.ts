import { lazyScreens } from './routing';
import { SCREEN_MODULES } from './screen-modules';

/** Every screen with its lazy component, made once here (see ./screen-modules for the list). */
export const SCREENS = lazyScreens(SCREEN_MODULES);
