/**
 * The cashier's fee rule, one function for the server that charges it and the forms that preview it:
 * the channel's basis points of the amount ROUNDED UP (the stricter reading: never under-charge),
 * plus its fixed part.
 */
export function feeFor(amountMinor: bigint, feeBps: number | bigint, feeFixedMinor: bigint | number): bigint {
  const proportional = (amountMinor * BigInt(feeBps) + 9_999n) / 10_000n;
  return proportional + BigInt(feeFixedMinor);
}

/** What a form shows before sending: the fee `feeFor` will charge and what is left, never below zero. */
export function feePreview(
  amountMinor: bigint,
  feeBps: number | bigint,
  feeFixedMinor: bigint | number,
): { feeMinor: bigint; netMinor: bigint } {
  if (amountMinor <= 0n) return { feeMinor: 0n, netMinor: 0n };
  const feeMinor = feeFor(amountMinor, feeBps, feeFixedMinor);
  return { feeMinor, netMinor: amountMinor > feeMinor ? amountMinor - feeMinor : 0n };
}
