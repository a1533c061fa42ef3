import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import type { SWRConfiguration } from 'swr';
import type { ScreenModule } from '../ui/screen';
import { ScreenSkeleton } from '../ui/Skeleton';
import { notify } from '../ui/toast';
import { RouteBoundary } from './RouteBoundary';

/* What the app and the light pay app (PayApp) share: the path rule, the title, a public page, the list cache. */

/** Routes match exactly (wouter's string paths ignore case and a trailing slash). */
export const exact = (path: string) => new RegExp(`^${path}$`);

export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Anchor Portal`;
  }, [title]);
}

/** Screen modules with their lazy components: call once, at module level, so each screen has one component. */
export function lazyScreens<M extends ScreenModule>(
  modules: readonly M[],
): (M & { Screen: LazyExoticComponent<ComponentType> })[] {
  return modules.map((m) => ({ ...m, Screen: lazy(m.load) }));
}

/** A public page: its own title, boundary and loading state; the session plays no part. */
export function PublicPage({ title, screen: Screen }: { title: string; screen: LazyExoticComponent<ComponentType> }) {
  usePageTitle(title);
  return (
    <RouteBoundary name={title}>
      <Suspense fallback={<ScreenSkeleton />}>
        <Screen />
      </Suspense>
    </RouteBoundary>
  );
}

/** Lists: a failed load is toasted once ('CODE: detail'); the table shows it with Retry. Never retried by itself. */
export const LIST_CACHE_OPTIONS: SWRConfiguration = {
  onError: (error: unknown) => notify.failure(error),
  shouldRetryOnError: false,
  revalidateOnFocus: false,
};
