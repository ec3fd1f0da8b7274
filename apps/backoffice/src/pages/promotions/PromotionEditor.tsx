import {
  type OperatorPromotion,
  type OperatorRaffle,
  PROMOTION_AUDIENCES,
  PROMOTION_CATEGORIES,
  PROMOTION_TYPES,
  type PromotionImage,
} from '@sorte/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { DialogActions } from '../../components/DialogActions';
import { PageTabs } from '../../components/PageTabs';
import { Alert } from '../../components/Status';
import { useAction } from '../../lib/action';
import { api } from '../../lib/api';
import { hasBonusTerms } from '../../lib/bonus-terms';
import {
  type ContentDraft,
  type DraftProblem,
  draftOf,
  EDITOR_LANGUAGES,
  type EditorLanguage,
  inputOf,
  newDraft,
  type PromotionDraft,
  wrapSelection,
} from '../../lib/promotions';
import { BonusTermsPanel } from './BonusTermsPanel';

/** The raffles a raffle promotion may open (the same list the raffles page reads). */
function RafflePicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const raffles = useQuery({
    queryKey: ['bo', 'raffles'],
    queryFn: () => api.get<{ raffles: OperatorRaffle[] }>('/bo/raffles'),
  });
  const lang = i18n.language === 'pt-BR' ? 'pt-BR' : 'en';
  return (
    <label className="field">
      <span>{t('promotions.fields.raffle')}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('promotions.fields.noRaffle')}</option>
        {(raffles.data?.raffles ?? []).map((r) => (
          <option key={r.id} value={String(r.id)}>
            {`#${r.id} ${r.names[lang]} — ${t(`settings.raffles.statuses.${r.status}`)}`}
          </option>
        ))}
      </select>
      <span className="muted small">{t('promotions.editor.raffleHint')}</span>
    </label>
  );
}

/** The toolbar's tags: what the server's sanitizer keeps (paragraphs, headings, lists, bold, italic). */
const TOOLS = [
  { key: 'bold', open: '<strong>', close: '</strong>' },
  { key: 'italic', open: '<em>', close: '</em>' },
  { key: 'heading', open: '<h2>', close: '</h2>' },
  { key: 'paragraph', open: '<p>', close: '</p>' },
  { key: 'list', open: '<ul>\n<li>', close: '</li>\n</ul>' },
] as const;

async function upload(file: File): Promise<PromotionImage> {
  const form = new FormData();
  form.set('image', file, file.name);
  return api.postForm<PromotionImage>('/bo/promotions/images', form);
}

/**
 * Create or edit a promotion: type, category, audience (with its VIP levels, agent or member list),
 * window, order, cover, and per language (tabs en / pt-BR) title, summary and body. The body is
 * HTML written with a small toolbar; "Preview" shows it as the server will keep it (its sanitizer
 * runs on /bo/promotions/preview), so what the operator sees is what players get.
 */
export function PromotionEditor({
  promotion,
  onClose,
  onSaved,
  bonusesEnabled,
}: {
  promotion: OperatorPromotion | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
  /** The merchant's switch: terms set while it is off apply only once it is on. */
  bonusesEnabled: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PromotionDraft>(() => (promotion ? draftOf(promotion) : newDraft()));
  const [lang, setLang] = useState<EditorLanguage>('en');
  const [invalid, setInvalid] = useState<DraftProblem | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const body = useRef<HTMLTextAreaElement>(null);
  const save = useAction();
  const side = useAction();

  const set = <K extends keyof PromotionDraft>(key: K, value: PromotionDraft[K]) => {
    setInvalid(null);
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const setContent = (key: keyof ContentDraft, value: string) => {
    setInvalid(null);
    setPreview(null);
    setDraft((d) => ({ ...d, content: { ...d.content, [lang]: { ...d.content[lang], [key]: value } } }));
  };
  const words = draft.content[lang];

  const tool = (open: string, close: string) => {
    const area = body.current;
    const start = area?.selectionStart ?? words.body.length;
    const end = area?.selectionEnd ?? words.body.length;
    const next = wrapSelection(words.body, start, end, open, close);
    setContent('body', next.text);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.start, next.end);
    });
  };
  const addLink = () => {
    const href = window.prompt(t('promotions.editor.linkPrompt'), 'https://');
    if (href) tool(`<a href="${href.replace(/"/g, '%22')}">`, '</a>');
  };
  const addImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    void side.run(async () => {
      const image = await upload(file);
      tool(`<img src="${image.url}" alt="">`, '');
    });
  };
  const setCover = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    void side.run(async () => {
      const image = await upload(file);
      setDraft((d) => ({ ...d, coverImageId: image.id, coverUrl: image.url }));
    });
  };
  const showPreview = () =>
    side.run(async () => {
      const r = await api.post<{ body: string }>('/bo/promotions/preview', { body: words.body });
      setPreview(r.body);
    });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = inputOf(draft);
    if (!parsed.ok) {
      setInvalid(parsed.field);
      return;
    }
    await save.run(async () => {
      if (promotion) await api.put(`/bo/promotions/${promotion.id}`, parsed.input);
      else await api.post('/bo/promotions', parsed.input);
      await onSaved();
      onClose();
    });
  }

  const select = <K extends 'type' | 'category' | 'audience'>(
    key: K,
    options: readonly PromotionDraft[K][],
    labels: string,
  ) => (
    <label className="field">
      <span>{t(`promotions.fields.${key}`)}</span>
      <select value={draft[key]} onChange={(e) => set(key, e.target.value as PromotionDraft[K])}>
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`${labels}.${o}`)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <Dialog
      open
      wide
      title={t(promotion ? 'promotions.editor.editTitle' : 'promotions.editor.newTitle')}
      onClose={onClose}
    >
      <form onSubmit={submit} className="stack promo-editor">
        <div className="form-row">
          {select('type', PROMOTION_TYPES, 'promotions.types')}
          {select('category', PROMOTION_CATEGORIES, 'promotions.categories')}
        </div>
        {['deposit_bonus', 'reload', 'cashback'].includes(draft.type) ? (
          <Alert tone="warn">{t('promotions.editor.bonusWarning')}</Alert>
        ) : null}
        {draft.type === 'raffle' ? (
          <RafflePicker value={draft.raffleId} onChange={(id) => set('raffleId', id)} />
        ) : null}
        <div className="form-row">
          {select('audience', PROMOTION_AUDIENCES, 'promotions.audiences')}
          {draft.audience === 'vip_levels' ? (
            <label className="field">
              <span>{t('promotions.fields.vipLevels')}</span>
              <input
                value={draft.vipLevels}
                inputMode="numeric"
                placeholder="1, 2, 3"
                aria-invalid={invalid === 'vipLevels'}
                onChange={(e) => set('vipLevels', e.target.value)}
              />
            </label>
          ) : null}
          {draft.audience === 'agent_team' ? (
            <label className="field">
              <span>{t('promotions.fields.agentAccount')}</span>
              <input
                value={draft.agentAccount}
                aria-invalid={invalid === 'agentAccount'}
                onChange={(e) => set('agentAccount', e.target.value)}
              />
            </label>
          ) : null}
        </div>
        {draft.audience === 'member_list' ? (
          <label className="field">
            <span>{t('promotions.fields.memberAccounts')}</span>
            <textarea
              rows={3}
              value={draft.memberAccounts}
              aria-invalid={invalid === 'memberAccounts'}
              onChange={(e) => set('memberAccounts', e.target.value)}
            />
          </label>
        ) : null}
        <p className="muted small">{t(`promotions.audienceHints.${draft.audience}`)}</p>
        <div className="form-row">
          <label className="field">
            <span>{t('promotions.fields.startsAt')}</span>
            <input
              type="datetime-local"
              value={draft.startsAt}
              aria-invalid={invalid === 'startsAt'}
              onChange={(e) => set('startsAt', e.target.value)}
            />
          </label>
          <label className="field">
            <span>{t('promotions.fields.endsAt')}</span>
            <input
              type="datetime-local"
              value={draft.endsAt}
              aria-invalid={invalid === 'endsAt'}
              onChange={(e) => set('endsAt', e.target.value)}
            />
          </label>
          <label className="field">
            <span>{t('promotions.fields.order')}</span>
            <input
              value={draft.displayOrder}
              inputMode="numeric"
              aria-invalid={invalid === 'displayOrder'}
              onChange={(e) => set('displayOrder', e.target.value)}
            />
          </label>
        </div>
        <div className="promo-editor__cover">
          {draft.coverUrl ? (
            <img src={draft.coverUrl} alt={t('promotions.fields.cover')} />
          ) : (
            <span className="promo-editor__nocover muted small">{t('promotions.editor.noCover')}</span>
          )}
          <div className="actions">
            <label className="button button--small">
              {t(draft.coverUrl ? 'promotions.editor.changeCover' : 'promotions.editor.addCover')}
              <input type="file" accept="image/png,image/jpeg" hidden onChange={setCover} />
            </label>
            {draft.coverUrl ? (
              <button
                type="button"
                className="button button--small"
                onClick={() => setDraft((d) => ({ ...d, coverImageId: null, coverUrl: null }))}
              >
                {t('promotions.editor.removeCover')}
              </button>
            ) : null}
          </div>
        </div>

        <PageTabs
          tabs={EDITOR_LANGUAGES}
          current={lang}
          onSelect={(l) => {
            setLang(l);
            setPreview(null);
          }}
          labelKey="promotions.editor.language"
        />
        <label className="field">
          <span>{t('promotions.fields.title')}</span>
          <input
            value={words.title}
            maxLength={120}
            aria-invalid={invalid === 'title'}
            onChange={(e) => setContent('title', e.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('promotions.fields.summary')}</span>
          <textarea
            rows={2}
            maxLength={300}
            value={words.summary}
            onChange={(e) => setContent('summary', e.target.value)}
          />
        </label>
        <div className="field">
          <span>{t('promotions.fields.body')}</span>
          <div className="promo-editor__toolbar" role="toolbar" aria-label={t('promotions.editor.toolbar')}>
            {TOOLS.map((x) => (
              <button
                key={x.key}
                type="button"
                className="button button--small"
                onClick={() => tool(x.open, x.close)}
              >
                {t(`promotions.editor.tools.${x.key}`)}
              </button>
            ))}
            <button type="button" className="button button--small" onClick={addLink}>
              {t('promotions.editor.tools.link')}
            </button>
            <label className="button button--small">
              {t('promotions.editor.tools.image')}
              <input type="file" accept="image/png,image/jpeg" hidden onChange={addImage} />
            </label>
            <button
              type="button"
              className="button button--small"
              disabled={side.busy}
              onClick={() => void showPreview()}
            >
              {t('promotions.editor.preview')}
            </button>
          </div>
          <textarea
            ref={body}
            rows={9}
            className="mono"
            value={words.body}
            aria-label={t('promotions.fields.body')}
            onChange={(e) => setContent('body', e.target.value)}
          />
          <p className="muted small promo-editor__hint">{t('promotions.editor.bodyHint')}</p>
        </div>
        {preview !== null ? (
          <section className="promo-preview" aria-label={t('promotions.editor.preview')}>
            <h3>{words.title || t('promotions.editor.untitled')}</h3>
            {words.summary ? <p className="muted">{words.summary}</p> : null}
            <div
              className="promo-preview__body"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitizer produced it (/bo/promotions/preview)
              dangerouslySetInnerHTML={{ __html: preview }}
            />
          </section>
        ) : null}
        {hasBonusTerms(draft.type) ? (
          // The server keeps terms for a stored deposit-bonus / reload promotion only.
          promotion && hasBonusTerms(promotion.type) ? (
            <BonusTermsPanel promotionId={promotion.id} bonusesEnabled={bonusesEnabled} />
          ) : (
            <p className="muted small">{t('bonus.terms.saveFirst')}</p>
          )
        ) : null}
        <Alert tone="error">{side.error}</Alert>
        <Alert tone="error">{invalid ? t(`promotions.invalid.${invalid}`) : save.error}</Alert>
        <DialogActions
          onCancel={onClose}
          busy={save.busy}
          label={t(promotion ? 'promotions.editor.save' : 'promotions.editor.create')}
        />
      </form>
    </Dialog>
  );
}
