/** Our own tile art: a faceted gem for a safe tile and a round mine with a fuse spark. */

export function GemIcon() {
  return (
    <svg viewBox="0 0 64 64" className="mines-art" aria-hidden focusable="false">
      <defs>
        <linearGradient id="mines-gem-a" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7dffc6" />
          <stop offset="1" stopColor="#00b37a" />
        </linearGradient>
        <linearGradient id="mines-gem-b" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#c9ffe9" />
          <stop offset="1" stopColor="#35e3a0" />
        </linearGradient>
      </defs>
      <polygon points="32,56 6,24 16,10 48,10 58,24" fill="url(#mines-gem-a)" />
      <polygon points="16,10 48,10 58,24 6,24" fill="url(#mines-gem-b)" />
      <polygon points="22,24 32,10 42,24 32,56" fill="#5af0b4" opacity="0.75" />
      <polyline
        points="6,24 22,24 32,56 42,24 58,24"
        fill="none"
        stroke="#0a6b4a"
        strokeWidth="1.5"
        opacity="0.5"
      />
      <polygon points="20,14 27,14 22,21" fill="#fff" opacity="0.8" />
    </svg>
  );
}

export function MineIcon() {
  return (
    <svg viewBox="0 0 64 64" className="mines-art" aria-hidden focusable="false">
      <defs>
        <radialGradient id="mines-bomb" cx="0.35" cy="0.35" r="0.75">
          <stop offset="0" stopColor="#ff9aa9" />
          <stop offset="0.45" stopColor="#e0304f" />
          <stop offset="1" stopColor="#6d0b1f" />
        </radialGradient>
      </defs>
      {[0, 45, 90, 135].map((angle) => (
        <rect
          key={angle}
          x="29"
          y="6"
          width="6"
          height="52"
          rx="3"
          fill="#8a1229"
          transform={`rotate(${angle} 32 32)`}
        />
      ))}
      <circle cx="32" cy="32" r="18" fill="url(#mines-bomb)" />
      <circle cx="25" cy="25" r="5" fill="#fff" opacity="0.55" />
    </svg>
  );
}
