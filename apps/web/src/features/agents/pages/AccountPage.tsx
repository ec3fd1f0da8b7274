import { DOWNLINE_KINDS, type DownlineKind, type InviteLink } from '@sorte/contracts';
import { type FormEvent, type InputHTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/ui/QrCode';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useCreateDownline, useCreateInviteLink, useInviteLinks, useInviteRegistrations } from '../api';

const ACCOUNT_PATTERN = /^[A-Za-z][A-Za-z0-9]{3,15}$/;

/** agentAccount (registration centre): create a downline directly, or hand out an invitation link. */
export function AccountPage({ onCreated }: { onCreated: () => void }) {
  return (
    <div className="ag-page">
      <CreateDownlineForm onCreated={onCreated} />
      <InviteLinks />
    </div>
  );
}

function KindPicker({
  value,
  onChange,
  name,
}: {
  value: DownlineKind;
  onChange: (k: DownlineKind) => void;
  name: string;
}) {
  const { t } = useTranslation('agents');
  return (
    <fieldset className="ag-chips">
      <legend className="ag-field__label">{t('account.kind')}</legend>
      {DOWNLINE_KINDS.map((kind) => (
        <label key={kind} className={`ag-chip${kind === value ? ' is-active' : ''}`}>
          <input
            type="radio"
            className="sr-only"
            name={name}
            value={kind}
            checked={kind === value}
            onChange={() => onChange(kind)}
          />
          {t(`kinds.${kind}`)}
        </label>
      ))}
    </fieldset>
  );
}

function CreateDownlineForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation('agents');
  const errorMessage = useErrorMessage();
  const create = useCreateDownline();
  const [kind, setKind] = useState<DownlineKind>('player');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<{ account: string; kind: DownlineKind } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ACCOUNT_PATTERN.test(account.trim())) return setProblem(t('account.accountRule'));
    if (password.length < 6 || password.length > 32) return setProblem(t('account.passwordRule'));
    setProblem(null);
    create.mutate(
      { kind, account: account.trim(), password },
      {
        onSuccess: (member) => {
          setCreated({ account: member.account, kind });
          setAccount('');
          setPassword('');
          toast(t('account.created', { account: member.account }), 'success');
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <section className="ag-card" aria-labelledby="ag-create-title">
      <h4 id="ag-create-title" className="ag-card__title">
        {t('account.createTitle')}
      </h4>
      <form className="ag-form" onSubmit={submit} noValidate>
        <KindPicker value={kind} onChange={setKind} name="ag-create-kind" />
        <TextField
          id="ag-create-account"
          label={t('account.account')}
          hint={t('account.accountRule')}
          value={account}
          maxLength={16}
          onChange={setAccount}
          input={{ autoComplete: 'off', autoCapitalize: 'none', spellCheck: false }}
        />
        <TextField
          id="ag-create-password"
          label={t('account.password')}
          hint={t('account.passwordRule')}
          value={password}
          maxLength={32}
          onChange={setPassword}
          input={{ type: 'password', autoComplete: 'new-password' }}
        />
        {problem ? (
          <p className="ag-error" role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={create.isPending}>
          {t(kind === 'agent' ? 'account.createAgent' : 'account.createPlayer')}
        </button>
        {created ? (
          <p className="ag-done" role="status">
            {t('account.createdText', { account: created.account, kind: t(`kinds.${created.kind}`) })}{' '}
            <button type="button" className="link-btn" onClick={onCreated}>
              {t('account.seeTeam')}
            </button>
          </p>
        ) : null}
      </form>
    </section>
  );
}

/** A labelled input with its rule below, read out with the field. */
function TextField({
  id,
  label,
  hint,
  value,
  maxLength,
  onChange,
  input,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
  input: InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <div className="ag-field">
      <label className="ag-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        aria-describedby={`${id}-hint`}
        className="ag-input"
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
      />
      <span id={`${id}-hint`} className="ag-field__hint muted">
        {hint}
      </span>
    </div>
  );
}

const inviteUrl = (code: string) =>
  `${window.location.origin}/register?affiliateCode=${encodeURIComponent(code)}`;

function InviteLinks() {
  const { t } = useTranslation('agents');
  const errorMessage = useErrorMessage();
  const links = useInviteLinks();
  const create = useCreateInviteLink();
  const make = (kind: DownlineKind) =>
    create.mutate({ kind }, { onError: (error) => toast(errorMessage(error), 'error') });
  return (
    <section className="ag-card" aria-labelledby="ag-links-title">
      <h4 id="ag-links-title" className="ag-card__title">
        {t('links.title')}
      </h4>
      <p className="muted ag-hint">{t('links.text')}</p>
      <div className="ag-actions">
        {DOWNLINE_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            className="btn btn--outline btn--sm"
            disabled={create.isPending}
            onClick={() => make(kind)}
          >
            {t(`links.new.${kind}`)}
          </button>
        ))}
      </div>
      <QueryState isLoading={links.isLoading} error={links.error} onRetry={() => void links.refetch()}>
        {links.data?.list.length === 0 ? <p className="muted">{t('links.none')}</p> : null}
        <ul className="ag-links">
          {links.data?.list.map((link) => (
            <InviteLinkRow key={link.id} link={link} />
          ))}
        </ul>
      </QueryState>
    </section>
  );
}

function InviteLinkRow({ link }: { link: InviteLink }) {
  const { t, i18n } = useTranslation('agents');
  const [open, setOpen] = useState(false);
  const url = inviteUrl(link.code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast(t('links.copied'), 'success');
    } catch {
      toast(t('links.copyFailed'), 'error');
    }
  };
  return (
    <li className="ag-link">
      <div className="ag-link__main">
        <span className={`ag-tag ag-tag--${link.kind}`}>{t(`kinds.${link.kind}`)}</span>
        <strong className="ag-mono">{link.code}</strong>
        <span className="muted ag-small">{formatDateTime(link.createdAt, i18n.language)}</span>
      </div>
      <code className="ag-link__url">{url}</code>
      <div className="ag-actions">
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void copy()}>
          {t('links.copy')}
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
        >
          {t('links.details', { count: link.registrations })}
        </button>
      </div>
      {open ? (
        <div className="ag-link__more">
          <QrCode value={url} size={160} label={t('links.qr', { code: link.code })} />
          <Registrations linkId={link.id} />
        </div>
      ) : null}
    </li>
  );
}

function Registrations({ linkId }: { linkId: string }) {
  const { t, i18n } = useTranslation('agents');
  const who = useInviteRegistrations(linkId);
  return (
    <QueryState isLoading={who.isLoading} error={who.error} onRetry={() => void who.refetch()}>
      {who.data?.list.length ? (
        <ul className="ag-plain" aria-label={t('links.registered')}>
          {who.data.list.map((m) => (
            <li key={m.id}>
              <strong>{m.account}</strong>{' '}
              <span className="muted ag-small">{formatDateTime(m.registeredAt, i18n.language)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('links.nobody')}</p>
      )}
    </QueryState>
  );
}
