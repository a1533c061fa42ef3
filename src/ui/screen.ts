import type { ComponentType } from 'react';
import type { AppRoute, PublicRoute } from '../domain/access';

/**
 * A screen module: the route it answers (an entry of the kernel's access table, `src/domain/access.ts`)
 * and its import, so each screen is its own chunk. Every feature declares its screens in its `screen.ts`;
 * `src/app/screen-modules.ts` collects them and the router (`src/app/screens.ts`) makes each a lazy component.
 * There is no second route table. No React here: the entry reads this table to ask for a screen's code early.
 */
export type ScreenModule =
  { kind: 'app'; route: AppRoute; load: ScreenLoader } | { kind: 'public'; route: PublicRoute; load: ScreenLoader };

/** The screen's import: its lazy component calls it when first rendered; the entry may call it earlier to fetch the code sooner. */
type ScreenLoader = () => Promise<{ default: ComponentType }>;

/** A logged-in screen: shown in the layout to the access types its route allows. */
export const appScreen = (route: AppRoute, load: ScreenLoader): ScreenModule => ({ kind: 'app', route, load });

/** A public screen (pay pages, account pages): no login; `route.loggedIn` says where a logged-in visitor goes. */
export const publicScreen = (route: PublicRoute, load: ScreenLoader): ScreenModule => ({ kind: 'public', route, load });
