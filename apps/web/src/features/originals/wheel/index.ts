export { WheelScreen } from './WheelScreen';
