import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { minorToInput, parseAmountInput } from '@sorte/money';
import { useErrorMessage } from '../../../lib/errors';
import { useIntentKeys } from '../../../lib/intent-key';
import { useMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { amountProblem } from '../amounts';
import { useMerchantWallets, useRecallAll, useWalletBalances, useWalletTransfer } from '../api';
import { QueryState } from '../../../components/ui/QueryState';
import { AmountField, useAmountProblemText } from '../components/fields';
import { type WalletCard, walletCards } from '../wallets';

/** transferFund: the member's wallets, moves between main and a game wallet, and "recall all". */
export function TransferFundPage() {
  const { t } = useTranslation('cashier');
  const money = useMoney();
  const balances = useWalletBalances();
  const merchant = useMerchantWallets();
  const isSingle = merchant.data?.isSingle ?? true;
  const cards = walletCards(
    balances.data?.wallets ?? [],
    isSingle ? [] : (merchant.data?.gameWallets ?? []),
    {
      main: t('wallet.main'),
      bonus: t('wallet.bonus'),
    },
  );
  const total = balances.data?.sumBalance ?? 0;

  return (
    <div className="cs-page">
      <QueryState
        isLoading={balances.isLoading || merchant.isLoading}
        error={balances.error ?? merchant.error}
        onRetry={() => {
          void balances.refetch();
          void merchant.refetch();
        }}
      >
        <div className="cs-total">
          <span className="cs-stat__label">{t('wallet.total')}</span>
          <strong className="cs-total__value">{money.format(total)}</strong>
        </div>
        <div className="cs-wallets">
          {cards.map((card) => (
            <div key={card.kind} className={`cs-wallet cs-wallet--${card.kind.split(':')[0]}`}>
              <span className="cs-wallet__name">{card.name}</span>
              <strong className="cs-wallet__amount">{money.format(card.balanceMinor)}</strong>
              {card.pendingMinor > 0 ? (
                <span className="cs-wallet__pending">
                  {t('wallet.pending', { amount: money.format(card.pendingMinor) })}
                </span>
              ) : null}
            </div>
          ))}
        </div>
        {isSingle ? (
          <p className="cs-notice">{t('wallet.singleNote')}</p>
        ) : (
          <TransferForm cards={cards.filter((c) => c.kind !== 'bonus')} />
        )}
      </QueryState>
    </div>
  );
}

function TransferForm({ cards }: { cards: WalletCard[] }) {
  const { t } = useTranslation('cashier');
  const money = useMoney();
  const errorMessage = useErrorMessage();
  const transfer = useWalletTransfer();
  const recall = useRecallAll();
  const intent = useIntentKeys();
  const recallIntent = useIntentKeys();
  const problemText = useAmountProblemText();
  const games = cards.filter((c) => c.kind !== 'main');
  const [from, setFrom] = useState('main');
  const [to, setTo] = useState(games[0]?.kind ?? 'main');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);

  const source = cards.find((c) => c.kind === from);
  const available = source ? source.balanceMinor - source.pendingMinor : 0;
  const parsed = parseAmountInput(amount, money.currency, money.locale);
  const limits = { availableMinor: Math.max(0, available) };
  const problem = amountProblem(parsed, limits);

  // One side is always the main wallet: picking a game wallet on one side puts main on the other.
  const pickFrom = (kind: string) => {
    setFrom(kind);
    if (kind !== 'main') setTo('main');
    else if (to === 'main') setTo(games[0]?.kind ?? 'main');
  };
  const pickTo = (kind: string) => {
    setTo(kind);
    if (kind !== 'main') setFrom('main');
    else if (from === 'main') setFrom(games[0]?.kind ?? 'main');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || !parsed?.ok || from === to) return;
    const body = { from, to, amountMinor: Number(parsed.minor) };
    transfer.mutate(
      { ...body, idempotencyKey: intent.keyFor(JSON.stringify(body)) },
      {
        onSuccess: () => {
          intent.done();
          toast(t('wallet.transferred'), 'success');
          setAmount('');
          setTouched(false);
        },
        onError: (error) => toast(errorMessage(error), 'error'),
      },
    );
  };

  const recallAll = () =>
    recall.mutate(
      { idempotencyKey: recallIntent.keyFor('recall') },
      {
        onSuccess: () => {
          recallIntent.done();
          toast(t('wallet.recalled'), 'success');
        },
        onError: (error) => toast(errorMessage(error), 'error'),
      },
    );

  if (games.length === 0) return <p className="cs-notice">{t('wallet.noGameWallets')}</p>;

  return (
    <form className="cs-form cs-card" onSubmit={submit} noValidate>
      <div className="cs-card__head">
        <h3 className="cs-card__title">{t('wallet.transfer')}</h3>
        <button
          type="button"
          className="btn btn--outline btn--sm"
          onClick={recallAll}
          disabled={recall.isPending}
          aria-busy={recall.isPending}
        >
          {t('wallet.recallAll')}
        </button>
      </div>
      <div className="cs-row">
        <WalletSelect id="cs-from" label={t('wallet.from')} value={from} cards={cards} onChange={pickFrom} />
        <WalletSelect id="cs-to" label={t('wallet.to')} value={to} cards={cards} onChange={pickTo} />
      </div>
      <AmountField
        label={t('wallet.amount')}
        value={amount}
        onChange={setAmount}
        onBlur={() => setTouched(true)}
        hint={t('wallet.availableHint', { amount: money.format(Math.max(0, available)) })}
        error={touched ? problemText(problem, {}) : undefined}
      />
      <div className="cs-actions cs-actions--split">
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() =>
            setAmount(minorToInput(BigInt(Math.max(0, available)), money.currency, money.locale))
          }
        >
          {t('wallet.all')}
        </button>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={transfer.isPending}
          aria-busy={transfer.isPending}
        >
          {t('wallet.transferAction')}
        </button>
      </div>
    </form>
  );
}

function WalletSelect({
  id,
  label,
  value,
  cards,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  cards: WalletCard[];
  onChange: (kind: string) => void;
}) {
  return (
    <div className="cs-field">
      <label className="cs-field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="select" value={value} onChange={(event) => onChange(event.target.value)}>
        {cards.map((card) => (
          <option key={card.kind} value={card.kind}>
            {card.name}
          </option>
        ))}
      </select>
    </div>
  );
}
