export { VnLotteryScreen } from './VnLotteryScreen';
