import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../components/Status';
import { useAction } from '../lib/action';
import { api } from '../lib/api';

const LANGUAGES = ['pt-BR', 'en'] as const;
type Lang = (typeof LANGUAGES)[number];
/** The page groups an operator most often fills; the API takes the whole list of spec §2. */
const GROUPS = ['/', '/inhouse', '/elott', '/live', '/rng', '/promotions', 'w_reg'] as const;

export interface BannerView {
  bannerId: string;
  groupName: string;
  url: string | null;
  images?: Partial<Record<Lang, string>>;
  title?: Partial<Record<Lang, string>>;
  enabled: boolean;
}

const blank = () => ({ groupName: '/', images: { 'pt-BR': '', en: '' }, title: { 'pt-BR': '', en: '' } });
const filled = (texts: Record<Lang, string>) =>
  Object.fromEntries(
    Object.entries(texts)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );

/**
 * Banners per language: each language gets its own image (an address) or its own words (shown on the
 * brand's gradient when that language has no image); the site falls back to the default language.
 */
export function BannersPanel({
  code,
  banners,
  configKey,
}: {
  code: string;
  banners: BannerView[];
  configKey: readonly unknown[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const action = useAction();
  const [draft, setDraft] = useState(blank);
  const path = `/bo/merchants/${encodeURIComponent(code)}/banners`;
  const run = (send: () => Promise<unknown>) =>
    action.run(async () => {
      await send();
      await queryClient.invalidateQueries({ queryKey: configKey });
    });
  const add = async () => {
    const ok = await run(() =>
      api.post(path, {
        groupName: draft.groupName,
        images: filled(draft.images),
        title: filled(draft.title),
      }),
    );
    if (ok) setDraft(blank());
  };
  return (
    <section className="panel" aria-label={t('settings.banners.title')}>
      <p className="muted">{t('settings.banners.hint')}</p>
      <table className="table">
        <thead>
          <tr>
            <th>{t('settings.banners.group')}</th>
            {LANGUAGES.map((lang) => (
              <th key={lang}>{t(`language.${lang}`)}</th>
            ))}
            <th>{t('settings.banners.shown')}</th>
          </tr>
        </thead>
        <tbody>
          {banners.map((b) => (
            <tr key={b.bannerId} data-banner={b.bannerId}>
              <td>{b.groupName}</td>
              {LANGUAGES.map((lang) => (
                <td key={lang}>
                  <div>{b.title?.[lang] ?? ''}</div>
                  <small className="muted">
                    {b.images?.[lang] ?? b.url ?? t('settings.banners.wordsOnly')}
                  </small>
                </td>
              ))}
              <td>
                <button
                  type="button"
                  className="button"
                  disabled={action.busy}
                  onClick={() => void run(() => api.put(`${path}/${b.bannerId}`, { enabled: !b.enabled }))}
                >
                  {b.enabled ? t('action.disable') : t('action.enable')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <fieldset className="fieldset">
        <legend>{t('settings.banners.add')}</legend>
        <label className="field">
          <span>{t('settings.banners.group')}</span>
          <select value={draft.groupName} onChange={(e) => setDraft({ ...draft, groupName: e.target.value })}>
            {GROUPS.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </label>
        {LANGUAGES.map((lang) => (
          <div className="form-row" key={lang}>
            <label className="field">
              <span>{t('settings.banners.image', { language: t(`language.${lang}`) })}</span>
              <input
                name={`image-${lang}`}
                value={draft.images[lang]}
                placeholder="https://…"
                onChange={(e) => setDraft({ ...draft, images: { ...draft.images, [lang]: e.target.value } })}
              />
            </label>
            <label className="field">
              <span>{t('settings.banners.text', { language: t(`language.${lang}`) })}</span>
              <input
                name={`text-${lang}`}
                value={draft.title[lang]}
                maxLength={200}
                onChange={(e) => setDraft({ ...draft, title: { ...draft.title, [lang]: e.target.value } })}
              />
            </label>
          </div>
        ))}
        <Alert tone="error">{action.error}</Alert>
        <div className="actions">
          <button
            type="button"
            className="button button--primary"
            disabled={action.busy}
            onClick={() => void add()}
          >
            {t('settings.banners.add')}
          </button>
        </div>
      </fieldset>
    </section>
  );
}
