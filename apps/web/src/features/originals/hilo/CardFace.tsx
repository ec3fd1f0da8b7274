import type { HiloCardView } from '@sorte/contracts';

/** Suit shapes drawn in a 100×100 box (our own art). */
const SUIT_PATHS: Record<string, string> = {
  '♦': 'M50 4 L88 50 L50 96 L12 50 Z',
  '♥': 'M50 92 L12 52 A21 21 0 0 1 50 24 A21 21 0 0 1 88 52 Z',
  '♠': 'M50 6 L86 46 A20 20 0 0 1 57 72 L64 94 L36 94 L43 72 A20 20 0 0 1 14 46 Z',
  '♣': 'M50 10 A18 18 0 0 1 66 40 A18 18 0 1 1 56 72 L63 94 L37 94 L44 72 A18 18 0 1 1 34 40 A18 18 0 0 1 50 10 Z',
};
const RED = new Set(['♦', '♥']);

function Suit({ suit, x, y, size }: { suit: string; x: number; y: number; size: number }) {
  return (
    <path
      d={SUIT_PATHS[suit] ?? SUIT_PATHS['♠']}
      transform={`translate(${x} ${y}) scale(${size / 100})`}
      fill="currentColor"
    />
  );
}

/** A playing card: rank and suit in the corners, a large suit in the middle; the back when no card. */
export function CardFace({ card, size = 'lg' }: { card: HiloCardView | null; size?: 'lg' | 'sm' }) {
  if (!card)
    return (
      <svg viewBox="0 0 100 140" className={`hilo-card hilo-card--${size} is-back`} aria-hidden>
        <rect x="2" y="2" width="96" height="136" rx="10" fill="#2a3d66" stroke="#5b77b3" strokeWidth="3" />
        <path d="M18 18 H82 V122 H18 Z" fill="none" stroke="#7f9ad6" strokeWidth="2" strokeDasharray="6 5" />
        <circle cx="50" cy="70" r="16" fill="none" stroke="#9db4ea" strokeWidth="3" />
      </svg>
    );
  const red = RED.has(card.suit);
  return (
    <svg
      viewBox="0 0 100 140"
      className={`hilo-card hilo-card--${size} ${red ? 'is-red' : 'is-black'}`}
      role="img"
      aria-label={`${card.rank}${card.suit}`}
      data-testid="hilo-card"
      data-card={card.index}
    >
      <rect x="2" y="2" width="96" height="136" rx="10" fill="#fbfcff" stroke="#cfd7ea" strokeWidth="2" />
      <text x="10" y="30" className="hilo-card__rank">
        {card.rank}
      </text>
      <Suit suit={card.suit} x={11} y={36} size={16} />
      <g transform="rotate(180 50 70)">
        <text x="10" y="30" className="hilo-card__rank">
          {card.rank}
        </text>
        <Suit suit={card.suit} x={11} y={36} size={16} />
      </g>
      <Suit suit={card.suit} x={25} y={45} size={50} />
    </svg>
  );
}
