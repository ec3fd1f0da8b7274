import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BonusInput, BonusWageringFields, useBonusInvalidMessage } from '../components/BonusWageringFields';
import { Dialog } from '../components/Dialog';
import { DialogActions } from '../components/DialogActions';
import { Alert } from '../components/Status';
import { useAction } from '../lib/action';
import { api } from '../lib/api';
import { type GrantDraft, grantDraftOf, parseGrantDraft } from '../lib/bonus-terms';
import { useMoney } from '../lib/operator';
import { newIdempotencyKey } from '../lib/paging';

/**
 * An operator's bonus grant to one member (issue 17; `POST /bo/members/:id/bonuses`, audited by the
 * server): the amount, its wagering and a reason. One idempotency key per opening of the dialog, so a
 * double click or a retry after a lost answer grants once; the server's refusals (bonuses off, a bonus
 * already active, a grant it cannot make) show translated.
 */
export function GrantBonusDialog({
  member,
  onClose,
  onGranted,
}: {
  member: { id: string; account: string; currency: string };
  onClose: () => void;
  onGranted: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<GrantDraft>(grantDraftOf);
  const [key] = useState(newIdempotencyKey);
  const [invalid, setInvalid] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const invalidMessage = useBonusInvalidMessage();

  const edit = (next: GrantDraft) => {
    setInvalid(null);
    setDraft(next);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = parseGrantDraft(draft, member.currency, i18n.language, key);
    if ('invalid' in parsed) {
      setInvalid(parsed.invalid);
      return;
    }
    await run(async () => {
      await api.post(`/bo/members/${encodeURIComponent(member.id)}/bonuses`, parsed.grant);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bo', 'member', member.id] }),
        queryClient.invalidateQueries({ queryKey: ['bo', 'ledger-history', member.id] }),
      ]);
      onGranted(t('bonus.grant.done', { amount: money(parsed.grant.amountMinor, member.currency) }));
    });
  }

  return (
    <Dialog open wide title={t('bonus.grant.title', { account: member.account })} onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <BonusInput
          name="amount"
          label={t('bonus.fields.amount', { currency: member.currency })}
          value={draft.amount}
          invalid={invalid}
          placeholder={i18n.language === 'en' ? '0.00' : '0,00'}
          onChange={(text) => edit({ ...draft, amount: text })}
        />
        <BonusWageringFields draft={draft} currency={member.currency} invalid={invalid} onChange={edit} />
        <label className="field">
          <span>{t('reason.label')}</span>
          <textarea
            rows={2}
            maxLength={500}
            value={draft.reason}
            aria-invalid={invalid === 'reason'}
            onChange={(e) => edit({ ...draft, reason: e.target.value })}
          />
        </label>
        <Alert tone="error">{invalidMessage(invalid) ?? error}</Alert>
        <DialogActions onCancel={onClose} busy={busy} label={t('bonus.grant.submit')} />
      </form>
    </Dialog>
  );
}
