import type { SlotSymbol } from '@sorte/fairness';
import type { ReactNode } from 'react';

/**
 * Carnaval Dourado's symbol art, drawn here (no vendor assets): carnival mask, parrot, surdo drum,
 * plume, pineapple, four sequinned letters, the golden crown wild and the confetti-sun scatter.
 * Every symbol is a 100×100 SVG; gradients carry a `cd-` prefix so they never clash with the page.
 */

const Defs = () => (
  <defs>
    <linearGradient id="cd-gold" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stopColor="#fff6b0" />
      <stop offset="0.45" stopColor="#ffc928" />
      <stop offset="1" stopColor="#d07a00" />
    </linearGradient>
    <linearGradient id="cd-purple" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stopColor="#d86bff" />
      <stop offset="1" stopColor="#5a16b8" />
    </linearGradient>
    <linearGradient id="cd-green" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stopColor="#7cf08a" />
      <stop offset="1" stopColor="#0f9a4a" />
    </linearGradient>
    <linearGradient id="cd-red" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stopColor="#ff7a7a" />
      <stop offset="1" stopColor="#c4132f" />
    </linearGradient>
    <linearGradient id="cd-blue" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stopColor="#6fd3ff" />
      <stop offset="1" stopColor="#1547c9" />
    </linearGradient>
    <linearGradient id="cd-orange" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stopColor="#ffd36b" />
      <stop offset="1" stopColor="#ff6a00" />
    </linearGradient>
    <linearGradient id="cd-pink" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stopColor="#ffb0e0" />
      <stop offset="0.5" stopColor="#ff3fa4" />
      <stop offset="1" stopColor="#a3127a" />
    </linearGradient>
    <radialGradient id="cd-sun" cx="0.5" cy="0.45" r="0.6">
      <stop offset="0" stopColor="#fffbe0" />
      <stop offset="0.5" stopColor="#ffd21f" />
      <stop offset="1" stopColor="#ff7b00" />
    </radialGradient>
  </defs>
);

const svg = (children: ReactNode, label: string) => (
  <svg viewBox="0 0 100 100" className="cd-symbol-svg" role="img" aria-label={label}>
    <Defs />
    {children}
  </svg>
);

/** A sequinned playing-card letter on a soft glow: the four low symbols. */
function Letter({ letter, fill, glow }: { letter: string; fill: string; glow: string }) {
  return (
    <>
      <circle cx="50" cy="52" r="38" fill={glow} opacity="0.22" />
      <text
        x="50"
        y="73"
        textAnchor="middle"
        fontFamily="Georgia, 'Times New Roman', serif"
        fontWeight="900"
        fontSize="64"
        fill={fill}
        stroke="#2a0d3d"
        strokeWidth="4"
        paintOrder="stroke"
      >
        {letter}
      </text>
      <circle cx="24" cy="24" r="3.5" fill="#ffe14d" />
      <circle cx="78" cy="28" r="3" fill="#46e0ff" />
      <circle cx="80" cy="80" r="3.5" fill="#ff5fb7" />
      <circle cx="20" cy="78" r="2.5" fill="#7cf08a" />
    </>
  );
}

const ART: Record<SlotSymbol, ReactNode> = {
  wild: (
    <>
      <circle cx="50" cy="50" r="46" fill="url(#cd-purple)" />
      <circle cx="50" cy="50" r="46" fill="none" stroke="url(#cd-gold)" strokeWidth="5" />
      <path
        d="M22 52 L28 26 L40 42 L50 20 L60 42 L72 26 L78 52 Z"
        fill="url(#cd-gold)"
        stroke="#7a3d00"
        strokeWidth="2"
      />
      <circle cx="28" cy="25" r="4" fill="#ff3fa4" />
      <circle cx="50" cy="19" r="5" fill="#46e0ff" />
      <circle cx="72" cy="25" r="4" fill="#7cf08a" />
      <rect
        x="14"
        y="56"
        width="72"
        height="24"
        rx="6"
        fill="url(#cd-red)"
        stroke="url(#cd-gold)"
        strokeWidth="3"
      />
      <text
        x="50"
        y="75"
        textAnchor="middle"
        fontFamily="Arial Black, Arial, sans-serif"
        fontWeight="900"
        fontSize="19"
        fill="#fff6b0"
        letterSpacing="1"
      >
        WILD
      </text>
    </>
  ),
  scatter: (
    <>
      {Array.from({ length: 12 }, (_, i) => (
        <path
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative rays
          key={i}
          d="M50 50 L46 4 L54 4 Z"
          fill={i % 2 === 0 ? '#ffcf1f' : '#ff3fa4'}
          transform={`rotate(${i * 30} 50 50)`}
        />
      ))}
      <circle cx="50" cy="50" r="30" fill="url(#cd-sun)" stroke="#fff" strokeWidth="3" />
      <path
        d="M50 30 L55.9 42 L69 43.8 L59.5 53 L61.8 66 L50 59.8 L38.2 66 L40.5 53 L31 43.8 L44.1 42 Z"
        fill="#fff"
        stroke="#ff7b00"
        strokeWidth="2"
      />
      <circle cx="20" cy="20" r="3" fill="#46e0ff" />
      <circle cx="82" cy="22" r="3" fill="#7cf08a" />
      <circle cx="84" cy="80" r="3" fill="#46e0ff" />
      <circle cx="16" cy="82" r="3" fill="#7cf08a" />
    </>
  ),
  mask: (
    <>
      <path d="M30 30 C22 10 30 4 34 2 C34 14 40 22 44 30 Z" fill="url(#cd-pink)" />
      <path d="M50 28 C48 8 52 2 56 0 C58 12 58 20 56 28 Z" fill="#46e0ff" />
      <path d="M70 30 C78 10 70 4 66 2 C66 14 60 22 56 30 Z" fill="url(#cd-green)" />
      <path
        d="M8 42 C20 28 38 30 50 40 C62 30 80 28 92 42 C94 60 80 74 64 70 C56 68 53 60 50 60 C47 60 44 68 36 70 C20 74 6 60 8 42 Z"
        fill="url(#cd-purple)"
        stroke="url(#cd-gold)"
        strokeWidth="4"
      />
      <path d="M22 48 C28 42 38 42 42 50 C36 56 26 56 22 48 Z" fill="#1b0630" />
      <path d="M78 48 C72 42 62 42 58 50 C64 56 74 56 78 48 Z" fill="#1b0630" />
      <circle cx="50" cy="48" r="4" fill="url(#cd-gold)" />
      <circle cx="18" cy="62" r="2.5" fill="#ffe14d" />
      <circle cx="82" cy="62" r="2.5" fill="#ffe14d" />
      <path d="M92 46 Q99 60 90 82" fill="none" stroke="#ffe14d" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  parrot: (
    <>
      <path d="M34 90 C20 70 26 46 44 40 L56 60 Z" fill="url(#cd-blue)" />
      <path d="M40 92 C36 78 40 64 52 58 L58 70 Z" fill="#ffd21f" />
      <circle cx="54" cy="38" r="28" fill="url(#cd-red)" />
      <path d="M38 20 C42 6 56 4 62 12 C54 12 48 16 44 24 Z" fill="url(#cd-green)" />
      <ellipse cx="60" cy="36" rx="11" ry="10" fill="#fff" />
      <circle cx="62" cy="36" r="5" fill="#1b0630" />
      <circle cx="63.5" cy="34.5" r="1.6" fill="#fff" />
      <path
        d="M72 40 C92 40 94 62 82 70 C82 58 76 52 68 52 Z"
        fill="#ffcf1f"
        stroke="#7a3d00"
        strokeWidth="2"
      />
      <path
        d="M70 52 C76 54 80 60 80 66"
        fill="none"
        stroke="#2a0d3d"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </>
  ),
  drum: (
    <>
      <path d="M14 22 L40 44" stroke="#ffd21f" strokeWidth="6" strokeLinecap="round" />
      <circle cx="12" cy="20" r="6" fill="#fff" />
      <path d="M86 22 L60 44" stroke="#ffd21f" strokeWidth="6" strokeLinecap="round" />
      <circle cx="88" cy="20" r="6" fill="#fff" />
      <rect x="18" y="42" width="64" height="44" fill="url(#cd-blue)" />
      <path d="M18 50 L34 86 L50 50 L66 86 L82 50" fill="none" stroke="url(#cd-gold)" strokeWidth="4" />
      <ellipse cx="50" cy="86" rx="32" ry="9" fill="#0c2a7a" />
      <ellipse cx="50" cy="42" rx="32" ry="10" fill="#f3f0ff" stroke="url(#cd-gold)" strokeWidth="4" />
      <ellipse cx="50" cy="42" rx="22" ry="6" fill="#fff" opacity="0.6" />
    </>
  ),
  feather: (
    <>
      <path
        d="M50 94 C48 70 30 60 26 40 C22 20 36 6 50 4 C64 6 78 20 74 40 C70 60 52 70 50 94 Z"
        fill="url(#cd-pink)"
        stroke="#ffe14d"
        strokeWidth="2"
      />
      <path d="M50 94 C50 60 50 30 50 8" stroke="#fff6b0" strokeWidth="3" fill="none" />
      {[20, 32, 44, 56].map((y) => (
        <g key={y}>
          <path d={`M50 ${y + 8} L32 ${y}`} stroke="#ffd0ef" strokeWidth="2" />
          <path d={`M50 ${y + 8} L68 ${y}`} stroke="#ffd0ef" strokeWidth="2" />
        </g>
      ))}
      <circle cx="50" cy="26" r="7" fill="url(#cd-blue)" stroke="#ffe14d" strokeWidth="2" />
      <circle cx="50" cy="26" r="3" fill="#1b0630" />
    </>
  ),
  pineapple: (
    <>
      <path d="M50 34 C40 20 30 18 24 20 C34 24 40 30 44 36 Z" fill="url(#cd-green)" />
      <path d="M50 34 C60 20 70 18 76 20 C66 24 60 30 56 36 Z" fill="url(#cd-green)" />
      <path d="M50 36 C44 20 46 8 50 2 C54 8 56 20 50 36 Z" fill="url(#cd-green)" />
      <ellipse cx="50" cy="64" rx="24" ry="30" fill="url(#cd-orange)" stroke="#8a4a00" strokeWidth="2" />
      <g stroke="#a35a00" strokeWidth="2" opacity="0.75">
        <path d="M30 50 L62 92" />
        <path d="M28 64 L52 94" />
        <path d="M36 38 L72 82" />
        <path d="M70 50 L38 92" />
        <path d="M72 64 L48 94" />
        <path d="M64 38 L28 82" />
      </g>
      <ellipse cx="42" cy="54" rx="5" ry="8" fill="#fff" opacity="0.35" />
    </>
  ),
  a: <Letter letter="A" fill="url(#cd-red)" glow="#ff3f6a" />,
  k: <Letter letter="K" fill="url(#cd-blue)" glow="#3fa0ff" />,
  q: <Letter letter="Q" fill="url(#cd-green)" glow="#3fff8a" />,
  j: <Letter letter="J" fill="url(#cd-orange)" glow="#ffb13f" />,
};

export function SymbolArt({ symbol, label }: { symbol: SlotSymbol; label: string }) {
  return svg(ART[symbol], label);
}
