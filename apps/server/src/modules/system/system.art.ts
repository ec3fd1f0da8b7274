/**
 * The words drawn on the built-in brand art (banners), per language. The SVGs are drawn with the
 * English words; another language swaps each word of a <text> element for its translation, and a
 * longer word gets a smaller font so it keeps the width the art left for it.
 */
const WORDS: Record<string, Record<string, string>> = {
  'pt-BR': {
    BONUS: 'BÔNUS',
    CARDS: 'CARTAS',
    'E-LOTTERY': 'E-LOTERIA',
    FISH: 'PESCA',
    HELP: 'AJUDA',
    JOIN: 'CADASTRE-SE',
    LIVE: 'AO VIVO',
    ODDS: 'ODDS',
    ORIGINALS: 'ORIGINAIS',
    POINTS: 'PONTOS',
    PROMO: 'PROMOÇÕES',
    SLOTS: 'CAÇA-NÍQUEIS',
    SPORTS: 'ESPORTES',
  },
};

/** A heading of this many letters fits at the art's own font size (ORIGINALS at 120 px, JOIN at 150 px). */
const FITS = 7;

export function localizeArt(svg: string, language: string): string {
  const words = WORDS[language];
  if (!words) return svg;
  return svg.replace(/<text([^>]*)>([^<]+)<\/text>/g, (whole, attributes: string, text: string) => {
    const word = words[text];
    if (!word) return whole;
    const room = Math.max(text.length, FITS);
    const fitted =
      word.length <= room
        ? attributes
        : attributes.replace(/font-size="(\d+(?:\.\d+)?)"/, (_, size: string) => {
            return `font-size="${Math.floor((Number(size) * room) / word.length)}"`;
          });
    return `<text${fitted}>${word}</text>`;
  });
}
