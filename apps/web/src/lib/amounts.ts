/**
 * The typed-amount rules live in @sorte/money (one home for the web, the back office and the server).
 * This path only remains for the two cashier pages still importing it while they are being edited
 * by another change; import from '@sorte/money' instead.
 */
export { type AmountParse, decimalSeparatorOf, minorToInput, parseAmountInput } from '@sorte/money';
