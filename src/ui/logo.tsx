/** The corporation's mark: a house over three rising bars (kept as inline SVG: no request, crisp offline). */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" className="logo">
      <rect width="48" height="48" rx="10" fill="#0b5d3b" />
      <path d="M10 24 24 12l14 12" fill="none" stroke="#f4c542" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="15" y="27" width="4" height="10" rx="1" fill="#fff" />
      <rect x="22" y="23" width="4" height="14" rx="1" fill="#fff" />
      <rect x="29" y="27" width="4" height="10" rx="1" fill="#fff" />
    </svg>
  );
}
