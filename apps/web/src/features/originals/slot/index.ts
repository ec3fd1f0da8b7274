export { SlotScreen } from './SlotScreen';
