/** Placeholder until this section lands (being built now). */
export function CollectionsSection() {
  return null;
}
