import { createHash } from 'node:crypto';

/**
 * Our own tile art, drawn as SVG from the game's code and name: a two-hue gradient and a geometric
 * backdrop chosen by a hash of the code (so each game keeps its look), an emblem for the kind of game
 * and the name. No vendor artwork is ever served or linked.
 */

const W = 300;
const H = 400;

function hashBytes(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Splits a name into at most two lines of about 14 characters, on word boundaries. */
export function titleLines(name: string, width = 14): string[] {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= 2) return lines;
  const rest = lines.slice(1).join(' ');
  return [lines[0] as string, rest.length > width ? `${rest.slice(0, width - 1)}…` : rest];
}

function backdrop(kind: number, seed: Buffer): string {
  const a = (i: number) => seed[i % seed.length] as number;
  switch (kind % 5) {
    case 0: // concentric rings
      return Array.from(
        { length: 6 },
        (_, i) =>
          `<circle cx="${W / 2}" cy="170" r="${40 + i * 38}" fill="none" stroke="#fff" stroke-opacity="${0.14 - i * 0.018}" stroke-width="14"/>`,
      ).join('');
    case 1: // sunburst
      return Array.from({ length: 18 }, (_, i) => {
        const angle = (i / 18) * Math.PI * 2;
        const x = W / 2 + Math.cos(angle) * 420;
        const y = 170 + Math.sin(angle) * 420;
        const x2 = W / 2 + Math.cos(angle + 0.12) * 420;
        const y2 = 170 + Math.sin(angle + 0.12) * 420;
        return `<path d="M${W / 2} 170L${x.toFixed(1)} ${y.toFixed(1)}L${x2.toFixed(1)} ${y2.toFixed(1)}Z" fill="#fff" fill-opacity="0.07"/>`;
      }).join('');
    case 2: // diamond lattice
      return Array.from({ length: 30 }, (_, i) => {
        const x = (i % 5) * 70 + (Math.floor(i / 5) % 2) * 35;
        const y = Math.floor(i / 5) * 70;
        return `<path d="M${x} ${y - 22}L${x + 22} ${y}L${x} ${y + 22}L${x - 22} ${y}Z" fill="#fff" fill-opacity="${(0.04 + (a(i) % 8) / 100).toFixed(2)}"/>`;
      }).join('');
    case 3: // scattered bubbles
      return Array.from(
        { length: 14 },
        (_, i) =>
          `<circle cx="${(a(i) / 255) * W}" cy="${(a(i + 14) / 255) * H}" r="${8 + (a(i + 7) % 36)}" fill="#fff" fill-opacity="0.08"/>`,
      ).join('');
    default: // diagonal stripes
      return Array.from(
        { length: 12 },
        (_, i) =>
          `<path d="M${i * 60 - 200} ${H}L${i * 60} 0L${i * 60 + 26} 0L${i * 60 - 174} ${H}Z" fill="#fff" fill-opacity="0.06"/>`,
      ).join('');
  }
}

const C = `cx="150" cy="165"`;
/** An emblem per kind of game, all white on the gradient. */
const EMBLEMS: Record<string, string> = {
  dice: `<rect x="95" y="110" width="110" height="110" rx="22" fill="#fff"/><g fill="#1b1035"><circle cx="122" cy="137" r="10"/><circle cx="150" cy="165" r="10"/><circle cx="178" cy="193" r="10"/><circle cx="178" cy="137" r="10"/><circle cx="122" cy="193" r="10"/></g>`,
  limbo: `<path d="M150 95L205 165H172V235H128V165H95Z" fill="#fff"/>`,
  mines: `<path d="M150 100L205 145L150 235L95 145Z" fill="#fff"/><path d="M95 145H205M150 100L130 145L150 235L170 145Z" fill="none" stroke="#000" stroke-opacity=".18" stroke-width="4"/>`,
  plinko: Array.from({ length: 5 }, (_, row) =>
    Array.from(
      { length: row + 1 },
      (_, i) => `<circle cx="${150 - row * 18 + i * 36}" cy="${110 + row * 28}" r="7" fill="#fff"/>`,
    ).join(''),
  ).join(''),
  keno: Array.from(
    { length: 9 },
    (_, i) =>
      `<circle cx="${110 + (i % 3) * 40}" cy="${125 + Math.floor(i / 3) * 40}" r="16" fill="#fff" fill-opacity="${i % 4 === 0 ? 1 : 0.45}"/>`,
  ).join(''),
  wheel: `<circle ${C} r="68" fill="none" stroke="#fff" stroke-width="14"/>${Array.from(
    { length: 8 },
    (_, i) => {
      const a = (i / 8) * Math.PI * 2;
      return `<path d="M150 165L${(150 + Math.cos(a) * 60).toFixed(1)} ${(165 + Math.sin(a) * 60).toFixed(1)}" stroke="#fff" stroke-width="6"/>`;
    },
  ).join('')}<path d="M150 82l12 20h-24z" fill="#fff"/>`,
  hilo: `<rect x="92" y="110" width="70" height="100" rx="10" fill="#fff" fill-opacity=".55" transform="rotate(-12 127 160)"/><rect x="138" y="110" width="70" height="100" rx="10" fill="#fff" transform="rotate(10 173 160)"/><path d="M173 140l14 22h-28z" fill="#000" fill-opacity=".35"/>`,
  crash: `<path d="M85 230Q150 225 215 105" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round"/><circle cx="215" cy="105" r="14" fill="#fff"/>`,
  slot: `<rect x="82" y="110" width="136" height="110" rx="16" fill="#fff"/><g fill="#000" fill-opacity=".28"><rect x="94" y="124" width="34" height="82" rx="6"/><rect x="133" y="124" width="34" height="82" rx="6"/><rect x="172" y="124" width="34" height="82" rx="6"/></g><text x="150" y="180" font-size="40" font-weight="900" text-anchor="middle" fill="#fff" font-family="Arial,sans-serif">777</text>`,
  card: `<rect x="110" y="100" width="80" height="120" rx="12" fill="#fff"/><path d="M150 135c-14-18-38-2-24 16l24 24 24-24c14-18-10-34-24-16z" fill="#000" fill-opacity=".35"/>`,
  coin: `<circle ${C} r="62" fill="#fff"/><circle ${C} r="46" fill="none" stroke="#000" stroke-opacity=".2" stroke-width="6"/><text x="150" y="182" font-size="48" font-weight="900" text-anchor="middle" fill="#000" fill-opacity=".3" font-family="Arial,sans-serif">$</text>`,
  fish: `<path d="M88 165Q140 105 200 165Q140 225 88 165Z" fill="#fff"/><path d="M196 165L232 135V195Z" fill="#fff"/><circle cx="118" cy="158" r="7" fill="#000" fill-opacity=".35"/>`,
  live: `<circle ${C} r="64" fill="#fff"/><circle ${C} r="22" fill="#000" fill-opacity=".3"/><circle cx="196" cy="119" r="14" fill="#ff3b5c"/>`,
  // The lottery families: drawn balls, three dice, a chequered flag, a ticket.
  '5d': balls(['3', '8', '0', '5', '1']),
  '11x5': balls(['02', '07', '11', '04', '09']),
  k3: [95, 150, 205]
    .map(
      (x, i) =>
        `<rect x="${x - 24}" y="${141 + (i === 1 ? -14 : 0)}" width="48" height="48" rx="10" fill="#fff" transform="rotate(${(i - 1) * 12} ${x} ${165 + (i === 1 ? -14 : 0)})"/><circle cx="${x}" cy="${165 + (i === 1 ? -14 : 0)}" r="6" fill="#000" fill-opacity=".4"/>`,
    )
    .join(''),
  pk10: `<path d="M112 95V240" stroke="#fff" stroke-width="8" stroke-linecap="round"/>${Array.from(
    { length: 12 },
    (_, i) =>
      `<rect x="${116 + (i % 4) * 22}" y="${100 + Math.floor(i / 4) * 22}" width="22" height="22" fill="#fff" fill-opacity="${(i + Math.floor(i / 4)) % 2 ? 0.35 : 1}"/>`,
  ).join('')}`,
  vn: `<rect x="80" y="112" width="140" height="96" rx="12" fill="#fff"/><path d="M185 112V208" stroke="#000" stroke-opacity=".25" stroke-width="3" stroke-dasharray="6 6"/><text x="132" y="172" font-size="34" font-weight="900" text-anchor="middle" fill="#da251d" font-family="Arial,sans-serif">XS</text><path d="M202 150l4 9 10 1-8 6 3 10-9-6-9 6 3-10-8-6 10-1z" fill="#ffcd00"/>`,
};

/** Five drawn balls in a row, each with its number. */
function balls(numbers: string[]): string {
  return numbers
    .map(
      (n, i) =>
        `<circle cx="${66 + i * 42}" cy="165" r="20" fill="#fff"/><text x="${66 + i * 42}" y="172" font-size="${n.length > 1 ? 17 : 21}" font-weight="900" text-anchor="middle" fill="#000" fill-opacity=".55" font-family="Arial,sans-serif">${n}</text>`,
    )
    .join('');
}

/** Which emblem a game gets: its own for the in-house games, else by classify, else by category. */
export function emblemFor(code: string, classify: string | null, gameType: string): string {
  return (
    EMBLEMS[code] ??
    EMBLEMS[classify ?? ''] ??
    EMBLEMS[{ RNG: 'slot', LIVE: 'live', FISH: 'fish', PVP: 'card' }[gameType] ?? ''] ??
    (EMBLEMS.coin as string)
  );
}

export interface ArtInput {
  key: string;
  title: string;
  subtitle?: string;
  emblem: string;
}

export function tileSvg(input: ArtInput): string {
  const seed = hashBytes(input.key);
  const hue = Math.round(((seed[0] as number) / 255) * 360);
  const hue2 = (hue + 40 + ((seed[1] as number) % 80)) % 360;
  const lines = titleLines(input.title);
  const text = lines
    .map(
      (line, i) =>
        `<text x="150" y="${lines.length === 1 ? 330 : 314 + i * 34}" font-size="30" font-weight="800" text-anchor="middle" fill="#fff" font-family="'Segoe UI',Roboto,Arial,sans-serif">${escapeXml(line)}</text>`,
    )
    .join('');
  const subtitle = input.subtitle
    ? `<text x="150" y="382" font-size="15" font-weight="600" letter-spacing="2" text-anchor="middle" fill="#fff" fill-opacity=".7" font-family="'Segoe UI',Roboto,Arial,sans-serif">${escapeXml(input.subtitle.toUpperCase())}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeXml(input.title)}"><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 80% 58%)"/><stop offset="1" stop-color="hsl(${hue2} 75% 30%)"/></linearGradient><linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".55"/></linearGradient><filter id="glow"><feDropShadow dx="0" dy="6" stdDeviation="8" flood-opacity=".35"/></filter></defs><rect width="${W}" height="${H}" fill="url(#bg)"/>${backdrop(seed[2] as number, seed)}<g filter="url(#glow)">${input.emblem}</g><rect y="250" width="${W}" height="150" fill="url(#fade)"/>${text}${subtitle}</svg>`;
}

/** A vendor's square badge: its initials on its own gradient. */
export function vendorSvg(code: string, name: string): string {
  const seed = hashBytes(`vendor:${code}`);
  const hue = Math.round(((seed[0] as number) / 255) * 360);
  const initials =
    name
      .split(/[\s_-]+/)
      .filter(Boolean)
      .map((w) => w[0])
      .join('')
      .slice(0, 2)
      .toUpperCase() || code.slice(0, 2).toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img" aria-label="${escapeXml(name)}"><defs><linearGradient id="v" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 85% 60%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 75% 35%)"/></linearGradient></defs><rect width="96" height="96" rx="22" fill="url(#v)"/><circle cx="76" cy="20" r="26" fill="#fff" fill-opacity=".12"/><text x="48" y="60" font-size="34" font-weight="900" text-anchor="middle" fill="#fff" font-family="'Segoe UI',Roboto,Arial,sans-serif">${escapeXml(initials)}</text></svg>`;
}
