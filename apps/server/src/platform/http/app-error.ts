import { ERROR_STATUS, type ErrorCode, type FieldErrorDetail } from '@sorte/contracts';

/** A refusal with a code from the closed catalogue; its HTTP status comes from that catalogue only. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly details?: Record<string, unknown>,
  ) {
    super(code);
    this.status = ERROR_STATUS[code];
  }
}

export function fieldErrors(fields: FieldErrorDetail[]): AppError {
  return new AppError('VALIDATION_FAILED', { fields });
}
