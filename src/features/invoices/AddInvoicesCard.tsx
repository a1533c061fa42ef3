/** Placeholder until this section lands (being built now). */
export function AddInvoicesCard() {
  return null;
}
