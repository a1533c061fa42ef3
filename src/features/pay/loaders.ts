/**
 * The pay pages' screens, a chunk each. Their own module, holding no React and no request code: the lazy
 * screens (screen.ts, which the app's router also collects) and the entries' early start (pages.ts) both
 * load through these, so the app's login page does not carry the pay link's request code.
 */
export const loadPayScreen = () => import('./PayScreen');
export const loadPaySuccessScreen = () => import('./PaySuccessScreen');
