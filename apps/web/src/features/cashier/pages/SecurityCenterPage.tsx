import type { PayoutAccount, SecurityOverview } from '@sorte/contracts';
import { profilePatch } from '@sorte/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { useErrorMessage } from '../../../lib/errors';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useDefaultPayoutAccount, useRemovePayoutAccount, useSecurity, useUpdateProfile } from '../api';
import { QueryState } from '../../../components/ui/QueryState';
import { Field } from '../components/fields';
import { PayoutAccountForm } from '../components/PayoutAccountForm';
import { WithdrawalPasswordForm } from '../components/WithdrawalPasswordForm';

/** securityCenter (my account): profile, bindings, withdrawal password, payout accounts, logins. */
export function SecurityCenterPage() {
  const security = useSecurity();
  return (
    <div className="cs-page">
      <QueryState
        isLoading={security.isLoading}
        error={security.error}
        onRetry={() => void security.refetch()}
      >
        {security.data ? <SecurityBody data={security.data} /> : null}
      </QueryState>
    </div>
  );
}

function SecurityBody({ data }: { data: SecurityOverview }) {
  const { t, i18n } = useTranslation('cashier');
  const [pinOpen, setPinOpen] = useState(false);
  return (
    <>
      <ProfileCard data={data} />
      <section className="cs-card">
        <h3 className="cs-card__title">{t('security.bindings')}</h3>
        <dl className="cs-summary cs-summary--detail">
          <div>
            <dt>{t('security.mobile')}</dt>
            <dd>{data.mobile ?? <span className="muted">{t('security.notBound')}</span>}</dd>
          </div>
          <div>
            <dt>{t('security.email')}</dt>
            <dd>{data.email ?? <span className="muted">{t('security.notBound')}</span>}</dd>
          </div>
        </dl>
      </section>
      <section className="cs-card">
        <div className="cs-card__head">
          <h3 className="cs-card__title">{t('pin.title')}</h3>
          <span className={`cs-status cs-status--${data.hasWithdrawalPassword ? 'ok' : 'wait'}`}>
            {data.hasWithdrawalPassword ? t('security.pinSet') : t('security.pinNotSet')}
          </span>
        </div>
        {pinOpen || !data.hasWithdrawalPassword ? (
          <WithdrawalPasswordForm hasPassword={data.hasWithdrawalPassword} onDone={() => setPinOpen(false)} />
        ) : (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setPinOpen(true)}>
            {t('pin.changeAction')}
          </button>
        )}
      </section>
      <PayoutAccounts accounts={data.payoutAccounts} realName={data.realName} />
      <section className="cs-card">
        <h3 className="cs-card__title">{t('security.logins')}</h3>
        {data.recentLogins.length === 0 ? (
          <p className="muted cs-empty">{t('security.noLogins')}</p>
        ) : (
          <ul className="cs-list">
            {data.recentLogins.map((login) => (
              <li key={`${login.at}-${login.ip}`} className="cs-list__row">
                <div>
                  <strong>{formatDateTime(login.at, i18n.language)}</strong>
                  {login.device ? <span className="muted cs-list__sub">{login.device}</span> : null}
                </div>
                <span className="cs-mono muted">{login.ip ?? '—'}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function ProfileCard({ data }: { data: SecurityOverview }) {
  const { t, i18n } = useTranslation('cashier');
  const errorMessage = useErrorMessage();
  const update = useUpdateProfile();
  const [nickname, setNickname] = useState(data.nickname ?? '');
  const [realName, setRealName] = useState('');
  const [errors, setErrors] = useState<{ nickname?: string; realName?: string }>({});
  const [confirmName, setConfirmName] = useState(false);

  const send = (patch: { nickname?: string; realName?: string }, done: () => void) => {
    const parsed = profilePatch.safeParse(patch);
    if (!parsed.success) {
      const key = String(parsed.error.issues[0]?.path[0]) as 'nickname' | 'realName';
      setErrors({ [key]: t(`security.invalid.${key}`) });
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => {
        toast(t('security.saved'), 'success');
        done();
      },
      onError: (error) => toast(errorMessage(error), 'error'),
    });
  };

  const saveNickname = (event: FormEvent) => {
    event.preventDefault();
    send({ nickname }, () => undefined);
  };

  const askRealName = (event: FormEvent) => {
    event.preventDefault();
    const parsed = profilePatch.safeParse({ realName });
    if (!parsed.success) {
      setErrors({ realName: t('security.invalid.realName') });
      return;
    }
    setConfirmName(true);
  };

  return (
    <section className="cs-card">
      <div className="cs-profile">
        <span className="cs-profile__avatar" aria-hidden="true">
          {(data.nickname || data.account).slice(0, 1).toUpperCase()}
        </span>
        <div>
          <strong className="cs-profile__name">{data.account}</strong>
          <span className="muted cs-list__sub">
            {t('security.since', { date: formatDate(data.createdAt, i18n.language) })}
          </span>
        </div>
      </div>
      <form className="cs-inline" onSubmit={saveNickname} noValidate>
        <Field
          label={t('security.nickname')}
          value={nickname}
          onChange={setNickname}
          error={errors.nickname}
          maxLength={30}
        />
        <button
          type="submit"
          className="btn btn--ghost"
          disabled={update.isPending || nickname.trim() === (data.nickname ?? '')}
        >
          {t('save')}
        </button>
      </form>
      {data.realName ? (
        <dl className="cs-summary cs-summary--detail">
          <div>
            <dt>{t('security.realName')}</dt>
            <dd>{data.realName}</dd>
          </div>
        </dl>
      ) : (
        <form className="cs-inline" onSubmit={askRealName} noValidate>
          <Field
            label={t('security.realName')}
            value={realName}
            onChange={setRealName}
            error={errors.realName}
            hint={t('security.realNameHint')}
            maxLength={120}
            autoComplete="name"
          />
          <button
            type="submit"
            className="btn btn--ghost"
            disabled={update.isPending || realName.trim() === ''}
          >
            {t('save')}
          </button>
        </form>
      )}
      {confirmName ? (
        <ConfirmDialog
          title={t('security.realNameConfirmTitle')}
          message={t('security.realNameConfirm', { name: realName.trim() })}
          busy={update.isPending}
          onCancel={() => setConfirmName(false)}
          onConfirm={() => send({ realName }, () => setConfirmName(false))}
        />
      ) : null}
    </section>
  );
}

function PayoutAccounts({ accounts, realName }: { accounts: PayoutAccount[]; realName: string | null }) {
  const { t } = useTranslation('cashier');
  const errorMessage = useErrorMessage();
  const remove = useRemovePayoutAccount();
  const makeDefault = useDefaultPayoutAccount();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PayoutAccount | null>(null);
  const onError = (error: unknown) => toast(errorMessage(error), 'error');

  return (
    <section className="cs-card">
      <div className="cs-card__head">
        <h3 className="cs-card__title">{t('payout.title')}</h3>
        {!adding ? (
          <button type="button" className="btn btn--outline btn--sm" onClick={() => setAdding(true)}>
            + {t('payout.add')}
          </button>
        ) : null}
      </div>
      {adding ? (
        <PayoutAccountForm
          realName={realName}
          onDone={() => setAdding(false)}
          onCancel={() => setAdding(false)}
        />
      ) : null}
      {accounts.length === 0 ? (
        <p className="muted cs-empty">{t('payout.none')}</p>
      ) : (
        <ul className="cs-list">
          {accounts.map((account) => (
            <li key={account.id} className="cs-list__row cs-list__row--wrap">
              <div>
                <strong className="cs-mono">{account.label}</strong>
                <span className="muted cs-list__sub">{account.holderName}</span>
              </div>
              <div className="cs-list__actions">
                {account.isDefault ? (
                  <span className="cs-tag">{t('payout.default')}</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    disabled={makeDefault.isPending}
                    onClick={() => makeDefault.mutate(account.id, { onError })}
                  >
                    {t('payout.makeDefault')}
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn--ghost btn--sm cs-danger"
                  onClick={() => setRemoving(account)}
                >
                  {t('payout.remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {removing ? (
        <ConfirmDialog
          title={t('payout.removeTitle')}
          message={t('payout.removeConfirm', { label: removing.label })}
          busy={remove.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                toast(t('payout.removed'), 'success');
                setRemoving(null);
              },
              onError: (error) => {
                onError(error);
                setRemoving(null);
              },
            })
          }
        />
      ) : null}
    </section>
  );
}
