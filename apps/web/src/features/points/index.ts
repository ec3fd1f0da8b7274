/** The points mall (/pointMall): balance, items, redeem and convert, history, rules. */
export { PointsMall } from './PointsMall';
