import type { PointsConfig, PointsItem } from '@sorte/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/EmptyState';
import { Icon } from '../../components/ui/Icon';
import { QueryState } from '../../components/ui/QueryState';
import { formatDateTime } from '../../lib/dates';
import { useErrorMessage } from '../../lib/errors';
import { useIntentKeys } from '../../lib/intent-key';
import { useLoginGate } from '../../lib/login-gate';
import { useMoney } from '../../lib/money';
import { toast } from '../../lib/toast';
import { useConvert, usePointsBalance, usePointsConfig, usePointsItems, useRedemptions } from './api';
import { formatPoints, isWithdrawalPassword, localized } from './format';
import { PinInput, RedeemDialog } from './RedeemDialog';
import './points.css';

type Tab = 'rewards' | 'history' | 'rules';

/**
 * The points mall (/pointMall): the member's points, the items with their stock, redeeming (address
 * for goods, withdrawal password), converting to cash where the merchant allows it, the history and
 * the rules. A visitor sees the items and the rules with a sign-in prompt.
 */
export function PointsMall() {
  const { t } = useTranslation('points');
  const { isLogin } = useLoginGate();
  const [tab, setTab] = useState<Tab>('rewards');
  const config = usePointsConfig();
  const tabs: Tab[] = isLogin ? ['rewards', 'history', 'rules'] : ['rewards', 'rules'];
  const shown = tabs.includes(tab) ? tab : 'rewards';
  return (
    <div className="pm">
      <BalanceCard />
      <div className="tabs" role="tablist">
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={shown === name}
            className={`tab${shown === name ? ' is-active' : ''}`}
            onClick={() => setTab(name)}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      {shown === 'rewards' ? (
        <>
          {config.data?.convert && isLogin ? <ConvertCard rule={config.data.convert} /> : null}
          <ItemsGrid />
        </>
      ) : null}
      {shown === 'history' ? <History /> : null}
      {shown === 'rules' ? <Rules config={config.data} /> : null}
    </div>
  );
}

function BalanceCard() {
  const { t, i18n } = useTranslation('points');
  const { isLogin, requireLogin } = useLoginGate();
  const balance = usePointsBalance();
  if (!isLogin)
    return (
      <section className="pm-balance pm-balance--guest">
        <Icon name="lock" size={22} />
        <p>{t('balance.signInText')}</p>
        <button type="button" className="btn btn--primary" onClick={() => requireLogin()}>
          {t('balance.signIn')}
        </button>
      </section>
    );
  const fmt = (n: number | undefined) => formatPoints(n ?? 0, i18n.language);
  return (
    <section className="pm-balance" aria-live="polite">
      <div className="pm-balance__main">
        <span className="pm-balance__label">{t('balance.label')}</span>
        <strong className="pm-balance__value" data-testid="points-balance">
          {balance.isLoading ? '…' : fmt(balance.data?.balance)}
        </strong>
      </div>
      <dl className="pm-balance__facts">
        <div>
          <dt>{t('balance.earned')}</dt>
          <dd>{fmt(balance.data?.earned)}</dd>
        </div>
        <div>
          <dt>{t('balance.spent')}</dt>
          <dd>{fmt(balance.data?.spent)}</dd>
        </div>
      </dl>
    </section>
  );
}

function ItemsGrid() {
  const { t, i18n } = useTranslation('points');
  const items = usePointsItems();
  const balance = usePointsBalance();
  const { isLogin, requireLogin } = useLoginGate();
  const money = useMoney();
  const [chosen, setChosen] = useState<PointsItem | null>(null);
  return (
    <QueryState isLoading={items.isLoading} error={items.error} onRetry={() => void items.refetch()}>
      {items.data && items.data.length === 0 ? (
        <EmptyState icon="gift" title={t('items.emptyTitle')} text={t('items.emptyText')} />
      ) : (
        <ul className="pm-grid">
          {items.data?.map((item) => {
            const soldOut = item.stock !== null && item.stock <= 0;
            const have = balance.data?.balance ?? 0;
            const short = isLogin && balance.data !== undefined && have < item.costPoints;
            return (
              <li key={item.id} className="pm-item">
                <div className={`pm-item__art pm-item__art--${item.kind}`} aria-hidden="true">
                  {item.imageUrl ? (
                    <img src={item.imageUrl} alt="" loading="lazy" />
                  ) : (
                    <Icon name={item.kind === 'cash' ? 'wallet' : 'gift'} size={40} />
                  )}
                </div>
                <div className="pm-item__body">
                  <h3>{localized(item.names, i18n.language)}</h3>
                  <p className="muted">
                    {item.cashMinor !== null
                      ? money.format(item.cashMinor)
                      : localized(item.descriptions, i18n.language)}
                  </p>
                  <span className="pm-cost">
                    {t('points', { value: formatPoints(item.costPoints, i18n.language) })}
                  </span>
                  <span className={`pm-stock${soldOut ? ' pm-stock--out' : ''}`}>
                    {item.stock === null
                      ? t('items.unlimited')
                      : soldOut
                        ? t('items.soldOut')
                        : t('items.left', { count: item.stock })}
                  </span>
                </div>
                <button
                  type="button"
                  className="btn btn--primary btn--block"
                  disabled={soldOut || short}
                  onClick={() => {
                    if (requireLogin()) setChosen(item);
                  }}
                >
                  {soldOut
                    ? t('items.soldOut')
                    : short
                      ? t('items.need', { value: formatPoints(item.costPoints - have, i18n.language) })
                      : isLogin
                        ? t('items.redeem')
                        : t('items.signInToRedeem')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {chosen ? <RedeemDialog item={chosen} onClose={() => setChosen(null)} /> : null}
    </QueryState>
  );
}

function ConvertCard({ rule }: { rule: NonNullable<PointsConfig['convert']> }) {
  const { t, i18n } = useTranslation('points');
  const money = useMoney();
  const convert = useConvert();
  const intent = useIntentKeys();
  const errorMessage = useErrorMessage();
  const [points, setPoints] = useState('');
  const [pin, setPin] = useState('');
  const [touched, setTouched] = useState(false);
  const value = Number(points);
  const valid = Number.isInteger(value) && value >= rule.minPoints && value % rule.points === 0;
  const cash = valid ? (value / rule.points) * rule.cashMinor : 0;
  const pointsError =
    touched && !valid
      ? t('convert.stepError', {
          min: formatPoints(rule.minPoints, i18n.language),
          step: formatPoints(rule.points, i18n.language),
        })
      : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid || !isWithdrawalPassword(pin)) return;
    convert.mutate(
      { points: value, withdrawalPassword: pin, idempotencyKey: intent.keyFor(String(value)) },
      {
        onSuccess: () => {
          intent.done();
          toast(t('convert.done', { amount: money.format(cash) }), 'success');
          setPoints('');
          setPin('');
          setTouched(false);
        },
        onError: (error) => toast(errorMessage(error), 'error'),
      },
    );
  };
  return (
    <form className="pm-convert" onSubmit={submit} noValidate>
      <h2>{t('convert.title')}</h2>
      <p className="muted">
        {t('convert.rate', {
          points: formatPoints(rule.points, i18n.language),
          amount: money.format(rule.cashMinor),
        })}
      </p>
      <label className="pm-field">
        <span>{t('convert.points')}</span>
        <input
          inputMode="numeric"
          value={points}
          aria-invalid={Boolean(pointsError)}
          onChange={(e) => setPoints(e.target.value.replace(/\D/g, '').slice(0, 12))}
        />
        {pointsError ? <small className="pm-field__error">{pointsError}</small> : null}
      </label>
      <PinInput
        value={pin}
        onChange={setPin}
        error={touched && !isWithdrawalPassword(pin) ? t('form.pinSixDigits') : undefined}
      />
      <p className="pm-convert__preview">{t('convert.youGet', { amount: money.format(cash) })}</p>
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={convert.isPending}
        aria-busy={convert.isPending}
      >
        {t('convert.submit')}
      </button>
    </form>
  );
}

function History() {
  const { t, i18n } = useTranslation('points');
  const money = useMoney();
  const [pageNo, setPageNo] = useState(1);
  const history = useRedemptions(pageNo);
  const page = history.data;
  return (
    <QueryState isLoading={history.isLoading} error={history.error} onRetry={() => void history.refetch()}>
      {page && page.list.length === 0 ? (
        <EmptyState icon="file" title={t('history.emptyTitle')} text={t('history.emptyText')} />
      ) : (
        <ul className="pm-history">
          {page?.list.map((r) => (
            <li key={r.id} className="pm-history__row">
              <div>
                <strong>
                  {r.kind === 'convert' ? t('history.convert') : localized(r.names, i18n.language)}
                </strong>
                <span className="muted">{formatDateTime(r.createdAt, i18n.language)}</span>
                {r.address ? (
                  <span className="muted pm-history__address">{`${r.address.line}, ${r.address.city}`}</span>
                ) : null}
              </div>
              <div className="pm-history__figures">
                <span className="pm-cost">−{formatPoints(r.points, i18n.language)}</span>
                {r.cashMinor !== null ? <span>{money.format(r.cashMinor)}</span> : null}
                <span className={`pm-status pm-status--${r.status}`}>{t(`status.${r.status}`)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {page && page.totalPages > 1 ? (
        <div className="pm-pager">
          <button type="button" className="btn" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
            {t('history.previous')}
          </button>
          <span>{t('history.page', { page: pageNo, pages: page.totalPages })}</span>
          <button
            type="button"
            className="btn"
            disabled={pageNo >= page.totalPages}
            onClick={() => setPageNo(pageNo + 1)}
          >
            {t('history.next')}
          </button>
        </div>
      ) : null}
    </QueryState>
  );
}

function Rules({ config }: { config: PointsConfig | undefined }) {
  const { t, i18n } = useTranslation('points');
  const money = useMoney();
  return (
    <section className="pm-rules">
      <h2>{t('rules.earnTitle')}</h2>
      {config && config.rates.length > 0 ? (
        <table className="pm-rates">
          <tbody>
            {config.rates.map((r) => (
              <tr key={r.category}>
                <th scope="row">{t(`categories.${r.category}`, { defaultValue: t('categories.other') })}</th>
                <td>
                  {t('rules.rate', {
                    points: formatPoints(r.pointsPerUnit, i18n.language),
                    amount: money.format(r.stakeUnitMinor),
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">{t('rules.noRates')}</p>
      )}
      <ul className="pm-rules__list">
        <li>{t('rules.valid')}</li>
        <li>{t('rules.whole')}</li>
        <li>{t('rules.void')}</li>
        <li>{t('rules.never')}</li>
        <li>{t('rules.password')}</li>
        <li>{t('rules.goods')}</li>
        {config?.convert ? (
          <li>
            {t('rules.convert', {
              points: formatPoints(config.convert.points, i18n.language),
              amount: money.format(config.convert.cashMinor),
              min: formatPoints(config.convert.minPoints, i18n.language),
            })}
          </li>
        ) : null}
      </ul>
    </section>
  );
}
