// biome-ignore-all lint/a11y/noSvgWithoutTitle: decorative (aria-hidden), the text beside each says what it means.
/** The bar's few icons, inline: decorative, the text beside them says what they mean. */
const common = {
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  'aria-hidden': true,
} as const;

export const ChevronDown = ({ className }: { className?: string }) => (
  <svg {...common} className={className} focusable="false">
    <path d="M4 6l4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export const ExternalLink = ({ className }: { className?: string }) => (
  <svg {...common} className={className} focusable="false">
    <path d="M9 3h4v4M13 3L7.5 8.5M11 9.5V13H3V5h3.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export const Hamburger = ({ className }: { className?: string }) => (
  <svg {...common} className={className} focusable="false">
    <path d="M2.5 4h11M2.5 8h11M2.5 12h11" strokeLinecap="round" />
  </svg>
);
