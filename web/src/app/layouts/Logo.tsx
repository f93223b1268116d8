/** Hearth's mark: a flame on a rounded tile. Decorative (the name is always beside it). */
export default function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
      <rect width="64" height="64" rx="14" fill="currentColor" opacity="0.18" />
      <path
        d="M32 10c4 8 14 12 14 26a14 14 0 0 1-28 0c0-7 3-11 6-14 0 5 2 8 5 9-2-8 1-15 3-21z"
        fill="currentColor"
      />
    </svg>
  );
}
