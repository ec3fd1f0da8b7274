import './cashier.css';

export { useUplineInfo } from './api';
// Generic pieces the records screens reuse (paging, loading/failure).
export { Pager, QueryState } from './components/fields';
export { DepositPage } from './pages/DepositPage';
export { SecurityCenterPage } from './pages/SecurityCenterPage';
export { TransactionHistoryPage } from './pages/TransactionHistoryPage';
export { TransferFundPage } from './pages/TransferFundPage';
export { TransferUplinePage } from './pages/TransferUplinePage';
export { WithdrawPage } from './pages/WithdrawPage';
