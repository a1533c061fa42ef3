import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AppRoute, PublicRoute } from '../domain/access';

/**
 * A screen module: the route it answers (an entry of the kernel's access table, `src/domain/access.ts`)
 * and its lazy import, so each screen is its own chunk. Every feature declares its screens in its
 * `screen.ts`; the router (`src/app/screens.ts`) collects them. There is no second route table.
 */
export type ScreenModule =
  | { kind: 'app'; route: AppRoute; Screen: LazyExoticComponent<ComponentType>; load: ScreenLoader }
  | { kind: 'public'; route: PublicRoute; Screen: LazyExoticComponent<ComponentType>; load: ScreenLoader };

/** The screen's import: `Screen` calls it when first rendered; the app may call it earlier to fetch the code sooner. */
type ScreenLoader = () => Promise<{ default: ComponentType }>;

/** A logged-in screen: shown in the layout to the access types its route allows. */
export const appScreen = (route: AppRoute, load: ScreenLoader): ScreenModule => ({ kind: 'app', route, Screen: lazy(load), load });

/** A public screen (pay pages, account pages): no login; `route.loggedIn` says where a logged-in visitor goes. */
export const publicScreen = (route: PublicRoute, load: ScreenLoader): ScreenModule => ({ kind: 'public', route, Screen: lazy(load), load });
