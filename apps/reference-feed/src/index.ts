export * from './contract.ts';
export { applyMessage, type BookState, emptyBook } from './book-state.ts';
export { Feed, type FeedOptions, marketId } from './feed.ts';
export { lineResult } from './lines.ts';
export { overround, priceMarket, toOddsGrid, withMargin } from './pricing.ts';
export { type ReferenceFeed, type ReferenceFeedOptions, startReferenceFeed } from './server.ts';
