import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { useErrorMessage } from '../../lib/errors';
import { type FieldIssue, issueMessage } from './lib/validation';

/** Text for a field problem, with the field's translated name. */
export function useIssueText() {
  const { t } = useTranslation('auth');
  return useCallback(
    (field: string, issue: FieldIssue) => issueMessage(t as never, t(`fields.${field}`), issue),
    [t],
  );
}

/** `errors:<CODE>` text of an API error, the server's message otherwise. */
export function useApiErrorText() {
  const text = useErrorMessage();
  return useCallback((error: unknown) => text(error), [text]);
}

export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}
