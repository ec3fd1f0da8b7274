export { MinesScreen } from './MinesScreen';
