import './records.css';

export { BettingRecordsPage } from './pages/BettingRecordsPage';
export { ProfitPage } from './pages/ProfitPage';
