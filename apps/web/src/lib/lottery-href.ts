/**
 * Where a fast game plays: /lottery with its code and the play type it opens on. In lib/ because
 * game tiles outside the lottery feature (the home's rows, the header search) open lotteries too,
 * without loading the lottery feature.
 */
export const gameHref = (gameCode: string, playType: string) =>
  `/lottery?gameCode=${encodeURIComponent(gameCode)}&playType=${encodeURIComponent(playType)}`;
