import './cashier.css';

export { useUplineInfo } from './api';
export { DepositPage } from './pages/DepositPage';
export { SecurityCenterPage } from './pages/SecurityCenterPage';
export { TransactionHistoryPage } from './pages/TransactionHistoryPage';
export { TransferFundPage } from './pages/TransferFundPage';
export { TransferUplinePage } from './pages/TransferUplinePage';
export { type WithdrawBonus, WithdrawPage } from './pages/WithdrawPage';
export { DownlineTransferDialog } from './components/DownlineTransferDialog';
