import { PUBLIC_ROUTES } from '../../domain/access';

/** The pay pages' routes, read by the pay screens and the pay entry. */
export const PAY_ROUTES = { pay: PUBLIC_ROUTES.pay, paySuccess: PUBLIC_ROUTES.paySuccess } as const;
