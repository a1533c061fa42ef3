// With file extensions: vite.config.ts loads this file in Node (build/pay.ts), and Vite's config loader wants them.
import { PUBLIC_ROUTES } from '../../domain/access.ts';
import { withProduct } from '../../domain/product.ts';

/*
 * The pay pages' routes, read by the pay screens, the entries and the preview server's rewrite to pay.html
 * (build/pay.ts): so this file imports only the kernel, nothing that reads import.meta.env.
 */
export const PAY_ROUTES = { pay: PUBLIC_ROUTES.pay, paySuccess: PUBLIC_ROUTES.paySuccess } as const;

/** The pay pages' paths for a product key: `/pay-with-provider`, `/pay-with-provider-success`. */
export function payPaths(product: string): string[] {
  return Object.values(PAY_ROUTES).map((route) => withProduct(route.path, product));
}
