/** How a retailer pays through the gateway (spec 3 §4). */
export const PAYMENT_MODES = ['net_banking', 'upi'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const isPaymentMode = (value: unknown): value is PaymentMode =>
  typeof value === 'string' && (PAYMENT_MODES as readonly string[]).includes(value);
