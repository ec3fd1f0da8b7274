import './lottery.css';

export { GameScreen } from './components/GameScreen';
export { LotteryLobby } from './components/LotteryLobby';
export { MyTickets } from './components/MyTickets';
export { TicketDetail } from './components/TicketDetail';
