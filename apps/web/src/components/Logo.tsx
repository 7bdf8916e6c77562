import { Role } from '@jcbb/contract/enums';
import { useId } from 'react';

/** The platform's mark: building blocks under a leaf, in the platform's green. */
export function PlatformMark({ size = 32 }: { size?: number }) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#46c47c" />
          <stop offset="1" stopColor="#0e6a37" />
        </linearGradient>
      </defs>
      <rect
        x="0.75"
        y="0.75"
        width="38.5"
        height="38.5"
        rx="9"
        fill={`url(#${gradient})`}
        stroke="#ffffff"
        strokeOpacity="0.55"
        strokeWidth="1.5"
      />
      <rect x="8.5" y="19" width="6.5" height="12.5" rx="1.2" fill="#ffffff" />
      <rect x="17" y="13" width="6.5" height="18.5" rx="1.2" fill="#ffffff" />
      <rect x="25.5" y="22" width="6.5" height="9.5" rx="1.2" fill="#ffffff" fillOpacity="0.85" />
      <path d="M22.5 14.5C22.5 8.6 27.2 5.6 33.5 5.8 33.6 11.7 29.6 14.9 22.5 14.5Z" fill="#c9f3d8" />
      <path d="M23.6 13.6 30.6 8.2" stroke="#0e6a37" strokeWidth="1.3" strokeLinecap="round" />
      <rect x="6.5" y="32.5" width="27" height="2.2" rx="1.1" fill="#ffffff" fillOpacity="0.9" />
    </svg>
  );
}

/** The city committee's emblem-style seal (role 住建委, spec §2): a civic building and a star in gold on red. */
export function CommitteeMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden focusable="false">
      <circle cx="20" cy="20" r="18.8" fill="#b3261e" stroke="#f4c542" strokeWidth="2.2" />
      <circle cx="20" cy="20" r="15.4" fill="none" stroke="#f4c542" strokeWidth="0.8" strokeOpacity="0.85" />
      <path d="M20 7.6l1.05 2.2 2.4.3-1.75 1.65.45 2.4L20 13l-2.15 1.15.45-2.4-1.75-1.65 2.4-.3z" fill="#f4c542" />
      <path d="M10.5 21.2 20 15.8l9.5 5.4z" fill="#f4c542" />
      <rect x="11.2" y="21.8" width="17.6" height="1.6" fill="#f4c542" />
      <rect x="12.6" y="24" width="2" height="5.6" fill="#f4c542" />
      <rect x="16.6" y="24" width="2" height="5.6" fill="#f4c542" />
      <rect x="21.4" y="24" width="2" height="5.6" fill="#f4c542" />
      <rect x="25.4" y="24" width="2" height="5.6" fill="#f4c542" />
      <rect x="10.4" y="30.2" width="19.2" height="2.2" fill="#f4c542" />
    </svg>
  );
}

export function isCommitteeUser(roles: readonly string[] | undefined): boolean {
  return roles?.includes(Role.CITY_COMMITTEE) ?? false;
}
