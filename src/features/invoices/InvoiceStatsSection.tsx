/** Placeholder until this section lands (being built now). */
export function InvoiceStatsSection() {
  return null;
}
