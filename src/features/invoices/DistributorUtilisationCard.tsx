/** Placeholder until this section lands (being built now). */
export function DistributorUtilisationCard() {
  return null;
}
