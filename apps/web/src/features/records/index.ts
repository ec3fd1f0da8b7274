import './records.css';

export type { TicketViews } from './components/RoundDetail';
export { BettingRecordsPage } from './pages/BettingRecordsPage';
export { ProfitPage } from './pages/ProfitPage';
