export { KenoScreen } from './KenoScreen';
