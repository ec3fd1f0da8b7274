export { VnLotteryScreen } from './VnLotteryScreen';
export { VnTicketFacts } from './TicketFacts';
