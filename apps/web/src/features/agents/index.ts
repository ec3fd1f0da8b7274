export { AccountPage } from './pages/AccountPage';
export { BettingPage } from './pages/BettingPage';
export { ContractsPage } from './pages/ContractsPage';
export { IncomePage } from './pages/IncomePage';
export { OverviewPage } from './pages/OverviewPage';
export { ProfitPage } from './pages/ProfitPage';
export { TeamPage } from './pages/TeamPage';
export { TransactionsPage } from './pages/TransactionsPage';
import './agents.css';
