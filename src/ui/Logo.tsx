/** The default anchor logo, used when the anchor has none. */
export function DefaultLogo({ title }: { title: string }) {
  return (
    <svg width="120" height="32" viewBox="0 0 120 32" role="img" aria-label={title}>
      <rect width="32" height="32" rx="8" fill="currentColor" opacity="0.18" />
      <path
        d="M16 6v16m-7-5a7 7 0 0 0 14 0M12 10h8"
        stroke="currentColor"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
      />
      <text x="40" y="21" fontSize="13" fontWeight="700" fill="currentColor">
        Anchor
      </text>
    </svg>
  );
}
