import { VnLotteryScreen } from '../../features/vnlottery';

export default function VnLotteryPage() {
  return <VnLotteryScreen />;
}
