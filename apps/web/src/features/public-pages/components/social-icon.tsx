import type { ReactNode } from 'react';
import type { SocialNetwork } from '@keymarket/contracts/settings';

/*
 * One outline glyph per network, drawn for this app on lucide's 24-unit grid (lucide itself no
 * longer ships brand marks). They are simplified hints beside the network's name, not logos.
 */
const glyphs: Record<SocialNetwork, ReactNode> = {
  facebook: <path d="M17 3h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V7.5a.5.5 0 0 1 .5-.5H17z" />,
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </>
  ),
  x: (
    <>
      <path d="M4 4h4.5L20 20h-4.5z" />
      <path d="M4 20l6.5-6.5M20 4l-6.5 6.5" />
    </>
  ),
  telegram: (
    <>
      <path d="M21 4 3 11l6 2.5L19 7l-7.5 8.5V20l3.2-3.6L18 19z" />
    </>
  ),
  whatsapp: (
    <>
      <path d="M3.5 20.5 5 16a8.5 8.5 0 1 1 3.3 3.2z" />
      <path d="M9 8.5c0 3.5 3 6.5 6.5 6.5l.8-1.8-2-.9-.9.9a4 4 0 0 1-2.1-2.1l.9-.9-.9-2z" />
    </>
  ),
  youtube: (
    <>
      <rect x="2.5" y="5" width="19" height="14" rx="4" />
      <path d="m10 9 5 3-5 3z" />
    </>
  ),
  tiktok: (
    <>
      <path d="M13 3v12.5a3.5 3.5 0 1 1-3.5-3.5" />
      <path d="M13 3a5 5 0 0 0 5 5" />
    </>
  ),
  discord: (
    <>
      <path d="M8.5 6.5a13 13 0 0 1 7 0L17 5c2.5 1 4 4.5 4.5 10-1.5 1.7-3.5 2.7-5 3l-1.2-2.2M8.5 6.5 7 5C4.5 6 3 9.5 2.5 15c1.5 1.7 3.5 2.7 5 3l1.2-2.2" />
      <path d="M7.5 15c3 1.3 6 1.3 9 0" />
      <circle cx="9.5" cy="11.5" r="1" />
      <circle cx="14.5" cy="11.5" r="1" />
    </>
  ),
  website: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </>
  ),
};

export function SocialIcon({ network, className }: { network: SocialNetwork; className?: string }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {glyphs[network]}
    </svg>
  );
}
