import type { OperatorRole, operatorListItem } from '@sorte/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DataTable } from '../components/DataTable';
import { Dialog } from '../components/Dialog';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DialogActions } from '../components/DialogActions';
import { Alert, Badge, QueryState, StatusBadge } from '../components/Status';
import { useAction } from '../lib/action';
import { api } from '../lib/api';
import { formatDateTime } from '../lib/dates';
import { listOf } from '../lib/lists';
import { useMe } from '../lib/operator';
import type { Page } from '../lib/paging';

type Operator = z.infer<typeof operatorListItem>;
type Patch = { role?: OperatorRole; status?: 'active' | 'disabled'; resetTotp?: true };

// A type-only import keeps zod out of the bundle; `satisfies` ties the list to the contract's roles.
const ROLES = ['admin', 'finance', 'support', 'auditor'] as const satisfies readonly OperatorRole[];

const OPERATORS_KEY = ['bo', 'operators'] as const;

/** Operators of this merchant: create, change role, disable, reset the second factor. */
export function OperatorsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<{ operator: Operator; patch: Patch } | null>(null);
  const { busy, error, setError, run } = useAction();
  const operators = useQuery({
    queryKey: OPERATORS_KEY,
    queryFn: () => api.get<Operator[] | Page<Operator>>('/bo/operators'),
  });
  const list = listOf(operators.data);

  async function apply(operator: Operator, patch: Patch) {
    await run(async () => {
      await api.patch(`/bo/operators/${encodeURIComponent(operator.id)}`, patch);
      await queryClient.invalidateQueries({ queryKey: OPERATORS_KEY });
      setConfirming(null);
    });
  }

  return (
    <section className="page">
      <header className="page__head">
        <h1>{t('operators.title')}</h1>
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          {t('operators.create')}
        </button>
      </header>
      {confirming ? null : <Alert tone="error">{error}</Alert>}
      <QueryState
        query={operators}
        isEmpty={Boolean(operators.data) && list.length === 0}
        empty={t('operators.empty')}
      />
      {list.length > 0 ? (
        <DataTable
          className="table table--cards"
          actions
          head={
            <>
              <th>{t('operators.username')}</th>
              <th>{t('operators.role')}</th>
              <th>{t('operators.status')}</th>
              <th>{t('operators.totp')}</th>
              <th>{t('operators.lastLogin')}</th>
              <th>{t('operators.created')}</th>
            </>
          }
        >
          {list.map((operator) => {
            const self = operator.id === me.data?.id;
            return (
              <tr key={operator.id}>
                <td data-label={t('operators.username')}>
                  <div>
                    {operator.username}
                    {self ? <span className="muted small"> · {t('operators.you')}</span> : null}
                  </div>
                </td>
                <td data-label={t('operators.role')}>
                  <select
                    aria-label={t('operators.roleOf', { username: operator.username })}
                    value={operator.role}
                    disabled={self || busy}
                    onChange={(event) =>
                      setConfirming({ operator, patch: { role: event.target.value as OperatorRole } })
                    }
                  >
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {t(`role.${role}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td data-label={t('operators.status')}>
                  <StatusBadge status={operator.status} />
                </td>
                <td data-label={t('operators.totp')}>
                  <Badge tone={operator.totpEnabled ? 'ok' : 'warn'}>
                    {t(operator.totpEnabled ? 'operators.totpOn' : 'operators.totpOff')}
                  </Badge>
                </td>
                <td data-label={t('operators.lastLogin')} className="nowrap">
                  {formatDateTime(operator.lastLoginAt) || '—'}
                </td>
                <td data-label={t('operators.created')} className="nowrap">
                  {formatDateTime(operator.createdAt)}
                </td>
                <td className="row-actions">
                  {self ? null : (
                    <>
                      <button
                        type="button"
                        className="button button--small"
                        disabled={!operator.totpEnabled}
                        onClick={() => setConfirming({ operator, patch: { resetTotp: true } })}
                      >
                        {t('operators.resetTotp')}
                      </button>
                      <button
                        type="button"
                        className={
                          operator.status === 'active'
                            ? 'button button--small button--danger'
                            : 'button button--small'
                        }
                        onClick={() =>
                          setConfirming({
                            operator,
                            patch: { status: operator.status === 'active' ? 'disabled' : 'active' },
                          })
                        }
                      >
                        {t(operator.status === 'active' ? 'action.disable' : 'action.enable')}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t('operators.confirmTitle')}
          busy={busy}
          onCancel={() => {
            setConfirming(null);
            setError(null);
          }}
          onConfirm={() => void apply(confirming.operator, confirming.patch)}
        >
          <p>{describePatch(t, confirming.operator, confirming.patch)}</p>
          <Alert tone="error">{error}</Alert>
        </ConfirmDialog>
      ) : null}
      {creating ? <CreateOperatorDialog onClose={() => setCreating(false)} /> : null}
    </section>
  );
}

function describePatch(t: ReturnType<typeof useTranslation>['t'], operator: Operator, patch: Patch): string {
  const username = operator.username;
  if (patch.role) return t('operators.confirmRole', { username, role: t(`role.${patch.role}`) });
  if (patch.resetTotp) return t('operators.confirmResetTotp', { username });
  return t(patch.status === 'disabled' ? 'operators.confirmDisable' : 'operators.confirmEnable', {
    username,
  });
}

function CreateOperatorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<OperatorRole>('support');
  const { busy, error, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      await api.post('/bo/operators', { username: username.trim(), password, role });
      await queryClient.invalidateQueries({ queryKey: OPERATORS_KEY });
      onClose();
    });
  }

  return (
    <Dialog open title={t('operators.create')} onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <label className="field">
          <span>{t('operators.username')}</span>
          <input
            value={username}
            onChange={(event) => setUsername(event.target.value.toLowerCase())}
            pattern="[a-z][a-z0-9_.\-]{2,31}"
            required
            autoCapitalize="off"
            autoComplete="off"
            spellCheck={false}
          />
          <small className="muted">{t('operators.usernameHint')}</small>
        </label>
        <label className="field">
          <span>{t('operators.password')}</span>
          <input
            type="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            minLength={10}
            maxLength={128}
            required
            autoComplete="new-password"
          />
          <small className="muted">{t('operators.passwordHint')}</small>
        </label>
        <label className="field">
          <span>{t('operators.role')}</span>
          <select value={role} onChange={(event) => setRole(event.target.value as OperatorRole)}>
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {t(`role.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <Alert tone="error">{error}</Alert>
        <DialogActions onCancel={onClose} label={t('operators.create')} busy={busy} />
      </form>
    </Dialog>
  );
}
