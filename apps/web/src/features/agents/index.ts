export { AccountPage } from './pages/AccountPage';
export { BettingPage } from './pages/BettingPage';
export { OverviewPage } from './pages/OverviewPage';
export { ProfitPage } from './pages/ProfitPage';
export { TeamPage } from './pages/TeamPage';
export { TransactionsPage } from './pages/TransactionsPage';
import './agents.css';
