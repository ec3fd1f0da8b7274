import type { FeatureFlag, FeatureFlags } from '@sorte/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Alert, QueryState } from '../components/Status';
import { Switch } from '../components/Switch';
// The flag list straight from its file: the contracts index would also bring zod into this page's bundle.
import { FEATURE_FLAGS } from '../../../../packages/contracts/src/flags';
import { useAction } from '../lib/action';
import { api } from '../lib/api';
import { useMe } from '../lib/operator';
import { BannersPanel } from './BannersPanel';
import { RebatesPanel } from './RebatesPanel';
import { RafflesPanel, VipRebatesPanel } from './RewardsPanels';
import {
  type BrandDraft,
  badCountries,
  brandDraftOf,
  brandPatch,
  changedFlags,
  isHexColour,
  isoToLocalInput,
  localInputToIso,
  type MerchantConfigView,
  type MerchantStatus,
  parseList,
  THEME_COLOURS,
} from '../lib/site-settings';

const TABS = ['flags', 'status', 'brand', 'banners', 'rebates', 'vipRebates', 'raffles', 'security'] as const;
type Tab = (typeof TABS)[number];

const configKey = (code: string) => ['bo', 'merchant-config', code] as const;
const configPath = (code: string, part: string) => `/bo/merchants/${encodeURIComponent(code)}/${part}`;

/**
 * Site settings of the operator's own merchant through the operator API (/bo/merchants/:code/…):
 * feature flags, maintenance and region restriction, brand name and colours. Every save is confirmed
 * first, is audited by the server and reaches players within seconds.
 */
export function SiteSettingsPage() {
  const { t } = useTranslation();
  const code = useMe().data?.merchant ?? '';
  const [tab, setTab] = useState<Tab>('flags');
  const config = useQuery({
    queryKey: configKey(code),
    queryFn: () => api.get<MerchantConfigView>(configPath(code, 'config')),
    enabled: code !== '',
  });
  const data = config.data;
  return (
    <section className="page">
      <header className="page__head">
        <h1>{t('settings.title')}</h1>
      </header>
      <div className="tabs" role="tablist">
        {TABS.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            className="tab"
            onClick={() => setTab(value)}
          >
            {t(`settings.tabs.${value}`)}
          </button>
        ))}
      </div>
      <QueryState query={config} />
      {/* Each panel compares its draft with the configuration just fetched, so after a save nothing shows as changed. */}
      {data && tab === 'flags' ? <FlagsPanel config={data} /> : null}
      {data && tab === 'status' ? <StatusPanel config={data} /> : null}
      {data && tab === 'brand' ? <BrandPanel config={data} /> : null}
      {data && tab === 'banners' ? (
        <BannersPanel code={code} banners={data.banners ?? []} configKey={configKey(code)} />
      ) : null}
      {data && tab === 'rebates' ? <RebatesPanel /> : null}
      {data && tab === 'vipRebates' ? <VipRebatesPanel /> : null}
      {data && tab === 'raffles' ? <RafflesPanel /> : null}
      {data && tab === 'security' ? <DefaultPasswordPanel config={data} /> : null}
    </section>
  );
}

/** Sends one change after confirmation, then reloads the configuration; keeps the outcome to show. */
function useSave(code: string) {
  const queryClient = useQueryClient();
  const action = useAction();
  const [done, setDone] = useState(false);
  async function run(send: () => Promise<unknown>): Promise<boolean> {
    setDone(false);
    const ok = await action.run(async () => {
      await send();
      await queryClient.invalidateQueries({ queryKey: configKey(code) });
    });
    setDone(ok);
    return ok;
  }
  return {
    busy: action.busy,
    error: action.error,
    setError: action.setError,
    done,
    run,
    clear: () => setDone(false),
  };
}

/** The panel's save row: the outcome of the last save and the button that opens the confirmation. */
function SaveRow({
  save,
  disabled,
  confirming,
  onSave,
}: {
  save: ReturnType<typeof useSave>;
  disabled: boolean;
  /** While the confirmation is open it shows the error itself. */
  confirming: boolean;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="save-row">
      <Alert tone="error">{confirming ? null : save.error}</Alert>
      <Alert tone="ok">{save.done ? t('settings.saved') : null}</Alert>
      <div className="actions">
        <button type="button" className="button button--primary" disabled={disabled} onClick={onSave}>
          {t('action.save')}
        </button>
      </div>
    </div>
  );
}

function FlagsPanel({ config }: { config: MerchantConfigView }) {
  const { t } = useTranslation();
  const save = useSave(config.code);
  const [draft, setDraft] = useState<FeatureFlags>(config.flags);
  const [confirming, setConfirming] = useState(false);
  const changes = Object.entries(changedFlags(config.flags, draft)) as [FeatureFlag, boolean][];
  const onOff = (on: boolean) => t(on ? 'settings.on' : 'settings.off');

  async function apply() {
    const ok = await save.run(() => api.patch(configPath(config.code, 'flags'), Object.fromEntries(changes)));
    if (ok) setConfirming(false);
  }

  return (
    <div className="panel">
      <div className="muted">{t('settings.flags.intro')}</div>
      <ul className="switches">
        {FEATURE_FLAGS.map((flag) => (
          <li key={flag}>
            <Switch
              checked={draft[flag] ?? false}
              onChange={(on) => {
                save.clear();
                setDraft({ ...draft, [flag]: on });
              }}
              label={t(`settings.flag.${flag}.label`)}
              id={flag}
              hint={t(`settings.flag.${flag}.hint`)}
            />
          </li>
        ))}
      </ul>
      <SaveRow
        save={save}
        disabled={changes.length === 0}
        confirming={confirming}
        onSave={() => setConfirming(true)}
      />
      {confirming ? (
        <ConfirmDialog
          label={t('settings.apply')}
          title={t('settings.flags.confirmTitle', { count: changes.length })}
          busy={save.busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void apply()}
        >
          <ul>
            {changes.map(([flag, on]) => (
              <li key={flag}>
                {t(`settings.flag.${flag}.label`)}: {onOff(!on)} → <strong>{onOff(on)}</strong>
              </li>
            ))}
          </ul>
          <p className="muted small">{t('settings.immediate')}</p>
          <Alert tone="error">{save.error}</Alert>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

interface StatusDraft {
  maintenance: boolean;
  endTime: string;
  regionRestricted: boolean;
  allowCountries: string;
  denyCountries: string;
  allowIps: string;
  denyIps: string;
}

const LIST_FIELDS = [
  ['allowCountries', 'country'],
  ['denyCountries', 'country'],
  ['allowIps', 'ip'],
  ['denyIps', 'ip'],
] as const;

function statusDraftOf(status: MerchantStatus): StatusDraft {
  return {
    maintenance: status.maintenance,
    endTime: isoToLocalInput(status.maintenanceEndTime),
    regionRestricted: status.regionRestricted,
    allowCountries: status.allowCountries.join(', '),
    denyCountries: status.denyCountries.join(', '),
    allowIps: status.allowIps.join('\n'),
    denyIps: status.denyIps.join('\n'),
  };
}

function StatusPanel({ config }: { config: MerchantConfigView }) {
  const { t } = useTranslation();
  const save = useSave(config.code);
  const [draft, setDraft] = useState(() => statusDraftOf(config.status));
  const [confirming, setConfirming] = useState<Record<string, unknown> | null>(null);
  const set = (patch: Partial<StatusDraft>) => {
    save.clear();
    setDraft({ ...draft, ...patch });
  };

  /** The PUT body, or an error shown instead of the confirmation. */
  function body(): Record<string, unknown> | null {
    const maintenanceEndTime = draft.maintenance ? localInputToIso(draft.endTime) : null;
    if (maintenanceEndTime === undefined) {
      save.setError(t('settings.status.endTimeInvalid'));
      return null;
    }
    const lists = {
      allowCountries: parseList(draft.allowCountries, 'country'),
      denyCountries: parseList(draft.denyCountries, 'country'),
      allowIps: parseList(draft.allowIps, 'ip'),
      denyIps: parseList(draft.denyIps, 'ip'),
    };
    const bad = badCountries([...lists.allowCountries, ...lists.denyCountries]);
    if (bad.length) {
      save.setError(t('settings.status.countriesInvalid', { list: bad.join(', ') }));
      return null;
    }
    return {
      maintenance: draft.maintenance,
      maintenanceEndTime,
      regionRestricted: draft.regionRestricted,
      ...lists,
    };
  }

  async function apply(payload: Record<string, unknown>) {
    const ok = await save.run(() => api.put(configPath(config.code, 'status'), payload));
    if (ok) setConfirming(null);
  }

  const onOff = (on: boolean) => t(on ? 'settings.on' : 'settings.off');
  return (
    <div className="panel">
      <Alert tone="warn">{t('settings.status.warning')}</Alert>
      <ul className="switches">
        <li>
          <Switch
            checked={draft.maintenance}
            onChange={(on) => set({ maintenance: on })}
            label={t('settings.status.maintenance')}
            hint={t('settings.status.maintenanceHint')}
          />
        </li>
      </ul>
      {draft.maintenance ? (
        <label className="field field--grow">
          <span>{t('settings.status.endTime')}</span>
          <input
            type="datetime-local"
            value={draft.endTime}
            onChange={(event) => set({ endTime: event.target.value })}
          />
          <small className="muted">{t('settings.status.endTimeHint')}</small>
        </label>
      ) : null}
      <ul className="switches">
        <li>
          <Switch
            checked={draft.regionRestricted}
            onChange={(on) => set({ regionRestricted: on })}
            label={t('settings.status.region')}
            hint={t('settings.status.regionHint')}
          />
        </li>
      </ul>
      <fieldset className="fieldset">
        <legend>{t('settings.status.lists')}</legend>
        <div className="form-row">
          {LIST_FIELDS.map(([field, kind]) => (
            <label className="field" key={field}>
              <span>{t(`settings.status.${field}`)}</span>
              <textarea
                rows={3}
                value={draft[field]}
                placeholder={kind === 'country' ? 'BR, PT' : '203.0.113.0/24'}
                onChange={(event) => set({ [field]: event.target.value })}
              />
            </label>
          ))}
        </div>
        <span className="muted small">{t('settings.status.listsHint')}</span>
      </fieldset>
      <SaveRow
        save={save}
        disabled={false}
        confirming={confirming !== null}
        onSave={() => {
          const payload = body();
          if (payload) setConfirming(payload);
        }}
      />
      {confirming ? (
        <ConfirmDialog
          label={t('settings.apply')}
          title={t('settings.status.confirmTitle')}
          busy={save.busy}
          danger
          onCancel={() => setConfirming(null)}
          onConfirm={() => void apply(confirming)}
        >
          <ul>
            <li>
              {t('settings.status.maintenance')}: <strong>{onOff(draft.maintenance)}</strong>
            </li>
            <li>
              {t('settings.status.region')}: <strong>{onOff(draft.regionRestricted)}</strong>
            </li>
          </ul>
          <Alert tone="warn">{t('settings.status.warning')}</Alert>
          <Alert tone="error">{save.error}</Alert>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function BrandPanel({ config }: { config: MerchantConfigView }) {
  const { t } = useTranslation();
  const save = useSave(config.code);
  const saved = brandDraftOf(config.brand);
  const [draft, setDraft] = useState<BrandDraft>(saved);
  const [confirming, setConfirming] = useState<Record<string, unknown> | null>(null);
  const set = (patch: Partial<BrandDraft>) => {
    save.clear();
    setDraft({ ...draft, ...patch });
  };
  const outcome = brandPatch(saved, draft);

  async function apply(patch: Record<string, unknown>) {
    const ok = await save.run(() => api.patch(configPath(config.code, 'brand'), patch));
    if (ok) setConfirming(null);
  }

  return (
    <div className="panel">
      <label className="field field--grow">
        <span>{t('settings.brand.name')}</span>
        <input
          value={draft.brandName}
          maxLength={64}
          onChange={(event) => set({ brandName: event.target.value })}
        />
      </label>
      <fieldset className="fieldset">
        <legend>{t('settings.brand.colours')}</legend>
        <div className="form-row">
          {THEME_COLOURS.map((colour) => (
            <label className="field" key={colour}>
              <span>{t(`settings.brand.colour.${colour}`)}</span>
              <span className="colour-field">
                <input
                  type="color"
                  aria-hidden="true"
                  tabIndex={-1}
                  value={isHexColour(draft.theme[colour]) ? draft.theme[colour] : '#000000'}
                  onChange={(event) => set({ theme: { ...draft.theme, [colour]: event.target.value } })}
                />
                <input
                  className="mono"
                  value={draft.theme[colour]}
                  maxLength={7}
                  onChange={(event) => set({ theme: { ...draft.theme, [colour]: event.target.value } })}
                />
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <SaveRow
        save={save}
        disabled={outcome === null}
        confirming={confirming !== null}
        onSave={() => {
          if (outcome && 'error' in outcome) save.setError(t(outcome.error));
          else if (outcome) setConfirming(outcome.patch);
        }}
      />
      {confirming ? (
        <ConfirmDialog
          label={t('settings.apply')}
          title={t('settings.brand.confirmTitle')}
          busy={save.busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void apply(confirming)}
        >
          <ul>
            {'brandName' in confirming ? (
              <li>
                {t('settings.brand.name')}: {saved.brandName} → <strong>{draft.brandName.trim()}</strong>
              </li>
            ) : null}
            {Object.entries((confirming.theme ?? {}) as Record<string, string>).map(([colour, value]) => (
              <li key={colour}>
                {t(`settings.brand.colour.${colour}`)}:{' '}
                <span className="mono">{saved.theme[colour as keyof BrandDraft['theme']]}</span> →{' '}
                <strong className="mono">{value}</strong>
              </li>
            ))}
          </ul>
          <p className="muted small">{t('settings.immediate')}</p>
          <Alert tone="error">{save.error}</Alert>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/**
 * The merchant's default password (members who sign in with it must change it). Write-only: the
 * server keeps a hash and answers only whether one is set, so the field is never filled in.
 */
function DefaultPasswordPanel({ config }: { config: MerchantConfigView }) {
  const { t } = useTranslation();
  const save = useSave(config.code);
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState<{ defaultPassword: string | null } | null>(null);

  async function apply(patch: { defaultPassword: string | null }) {
    const ok = await save.run(() => api.patch(configPath(config.code, 'security'), patch));
    if (ok) {
      setConfirming(null);
      setPassword('');
    }
  }

  return (
    <div className="panel">
      <p className="muted">{t('settings.defaultPassword.intro')}</p>
      <p role="status">
        <strong>
          {t(
            config.security.defaultPasswordSet
              ? 'settings.defaultPassword.set'
              : 'settings.defaultPassword.unset',
          )}
        </strong>
      </p>
      <label className="field">
        <span>{t('settings.defaultPassword.new')}</span>
        <input
          type="password"
          value={password}
          maxLength={64}
          autoComplete="new-password"
          onChange={(event) => {
            save.clear();
            setPassword(event.target.value);
          }}
        />
      </label>
      <SaveRow
        save={save}
        disabled={password.length === 0}
        confirming={confirming !== null}
        onSave={() => setConfirming({ defaultPassword: password })}
      />
      {config.security.defaultPasswordSet ? (
        <div className="actions">
          <button type="button" className="button" onClick={() => setConfirming({ defaultPassword: null })}>
            {t('settings.defaultPassword.remove')}
          </button>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          label={t('settings.apply')}
          title={t(
            confirming.defaultPassword === null
              ? 'settings.defaultPassword.confirmRemove'
              : 'settings.defaultPassword.confirmSet',
          )}
          busy={save.busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void apply(confirming)}
        >
          <p className="muted small">{t('settings.immediate')}</p>
          <Alert tone="error">{save.error}</Alert>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
