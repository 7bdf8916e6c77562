/** A building going up beside a crane and a leaf: the "在建设中" picture, in the platform's greens. */
export function ConstructionArt() {
  return (
    <svg width="220" height="150" viewBox="0 0 220 150" aria-hidden focusable="false">
      <ellipse cx="110" cy="139" rx="100" ry="8" fill="#e3f1e8" />
      <rect x="66" y="62" width="74" height="76" rx="2" fill="#ffffff" stroke="#9fd3b4" strokeWidth="2" />
      <g fill="#d4eedd">
        <rect x="75" y="72" width="14" height="11" rx="1.5" />
        <rect x="96" y="72" width="14" height="11" rx="1.5" />
        <rect x="117" y="72" width="14" height="11" rx="1.5" />
        <rect x="75" y="91" width="14" height="11" rx="1.5" />
        <rect x="117" y="91" width="14" height="11" rx="1.5" />
        <rect x="75" y="110" width="14" height="11" rx="1.5" />
        <rect x="117" y="110" width="14" height="11" rx="1.5" />
      </g>
      <rect x="96" y="91" width="14" height="11" rx="1.5" fill="#7fd1a0" />
      <rect x="95" y="112" width="16" height="26" rx="1.5" fill="#1f8a4c" />
      <rect x="66" y="38" width="74" height="24" fill="none" stroke="#9fd3b4" strokeWidth="2" strokeDasharray="5 4" />
      <rect x="160" y="30" width="6" height="108" fill="#1f8a4c" />
      <path
        d="M160 40l6 10M166 50l-6 10M160 60l6 10M166 70l-6 10M160 80l6 10M166 90l-6 10M160 100l6 10M166 110l-6 10"
        stroke="#e3f1e8"
        strokeWidth="1.2"
      />
      <rect x="98" y="25" width="96" height="5" rx="1" fill="#1f8a4c" />
      <rect x="155" y="31" width="16" height="10" rx="1.5" fill="#12693a" />
      <rect x="184" y="30" width="10" height="9" rx="1" fill="#5b6b63" />
      <line x1="116" y1="30" x2="116" y2="50" stroke="#5b6b63" strokeWidth="1.5" />
      <rect x="110" y="50" width="12" height="7" rx="1.5" fill="#f4b400" />
      <path d="M30 134C26 110 40 93 60 88c2 21-8 39-30 46Z" fill="#46c47c" />
      <path d="M32 131 56 94" stroke="#0e6a37" strokeWidth="1.6" strokeLinecap="round" />
      <path d="M178 137l7-20 7 20z" fill="#f08c00" />
      <path d="M181 129h8M183 123h4" stroke="#ffffff" strokeWidth="2" />
      <rect x="175" y="135" width="20" height="3" rx="1" fill="#f08c00" />
    </svg>
  );
}
