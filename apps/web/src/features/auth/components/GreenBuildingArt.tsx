/** The sign-in panel's illustration: a green-roofed skyline with solar panels and trees. Decorative only. */
export function GreenBuildingArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 520 260" role="presentation" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="jcbb-art-glass" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.95" />
          <stop offset="1" stopColor="#d9f2e3" stopOpacity="0.85" />
        </linearGradient>
        <linearGradient id="jcbb-art-back" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.35" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0.12" />
        </linearGradient>
      </defs>
      {/* back row */}
      <rect x="20" y="110" width="70" height="130" rx="4" fill="url(#jcbb-art-back)" />
      <rect x="100" y="70" width="56" height="170" rx="4" fill="url(#jcbb-art-back)" />
      <rect x="372" y="90" width="62" height="150" rx="4" fill="url(#jcbb-art-back)" />
      <rect x="444" y="130" width="60" height="110" rx="4" fill="url(#jcbb-art-back)" />
      {/* main tower with a planted roof */}
      <rect x="190" y="48" width="110" height="192" rx="6" fill="url(#jcbb-art-glass)" />
      <path d="M184 52c18-16 40-22 61-22s44 6 61 22z" fill="#7fd19b" />
      <path d="M206 40c6-14 20-22 34-20-2 14-14 24-34 20z" fill="#b8ecc8" />
      <path d="M258 36c10-12 26-16 38-10-6 12-22 18-38 10z" fill="#9be0b2" />
      {Array.from({ length: 6 }, (_, row) =>
        Array.from({ length: 4 }, (_, col) => (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed grid of windows
            key={`${row}-${col}`}
            x={204 + col * 22}
            y={68 + row * 26}
            width="14"
            height="16"
            rx="2"
            fill="#1f8a4c"
            fillOpacity={(row + col) % 3 === 0 ? 0.55 : 0.25}
          />
        )),
      )}
      <rect x="232" y="210" width="26" height="30" rx="2" fill="#1f8a4c" fillOpacity="0.6" />
      {/* low building with solar panels */}
      <rect x="306" y="150" width="78" height="90" rx="4" fill="url(#jcbb-art-glass)" />
      <g fill="#135c34" fillOpacity="0.85">
        <path d="M312 146l10-14h22l-10 14z" />
        <path d="M340 146l10-14h22l-10 14z" />
      </g>
      {Array.from({ length: 3 }, (_, row) => (
        <rect
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of windows
          key={row}
          x="318"
          y={164 + row * 24}
          width="54"
          height="12"
          rx="2"
          fill="#1f8a4c"
          fillOpacity="0.3"
        />
      ))}
      {/* left annex */}
      <rect x="120" y="138" width="64" height="102" rx="4" fill="url(#jcbb-art-glass)" />
      {Array.from({ length: 3 }, (_, row) => (
        <rect
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of windows
          key={row}
          x="132"
          y={152 + row * 26}
          width="40"
          height="12"
          rx="2"
          fill="#1f8a4c"
          fillOpacity="0.3"
        />
      ))}
      {/* trees */}
      {[60, 100, 404, 470].map((x) => (
        <g key={x}>
          <rect x={x - 2} y="214" width="4" height="26" fill="#0d4d2b" fillOpacity="0.6" />
          <circle cx={x} cy="206" r="16" fill="#a8e6bd" fillOpacity="0.9" />
        </g>
      ))}
      <rect x="0" y="238" width="520" height="4" rx="2" fill="#ffffff" fillOpacity="0.5" />
    </svg>
  );
}
