import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Alert, Badge, QueryState } from '../../components/Status';
import { useAction } from '../../lib/action';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useCan, useMe } from '../../lib/operator';

const LANGUAGES = ['pt-BR', 'en'] as const;
type Lang = (typeof LANGUAGES)[number];
type Texts = Partial<Record<Lang, string>>;

export interface AnnouncementView {
  id: string;
  type: string;
  title: Texts;
  content: Texts;
  startTime: string;
  endTime: string | null;
  sortOrder: number;
  audience: 'all' | 'agents';
}

interface Draft {
  id: string | null;
  title: Record<Lang, string>;
  content: Record<Lang, string>;
}

const blank = (): Draft => ({ id: null, title: { 'pt-BR': '', en: '' }, content: { 'pt-BR': '', en: '' } });
const filled = (texts: Record<Lang, string>): Texts =>
  Object.fromEntries(
    Object.entries(texts)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );

/** Live (in its window now), scheduled (starts later) or withdrawn/ended. */
export function announcementState(a: AnnouncementView, now: Date): 'live' | 'scheduled' | 'ended' {
  if (new Date(a.startTime) > now) return 'scheduled';
  if (a.endTime && new Date(a.endTime) <= now) return 'ended';
  return 'live';
}

const TONES = { live: 'ok', scheduled: 'warn', ended: 'muted' } as const;

/**
 * The announcements for agents (audience 'agents': shown only on the agent centre's Announcement
 * page, never in the site's public lists). Written per language through the merchant's operator API
 * (/bo/merchants/:code/announcements, permission merchant.config, each change in the audit log);
 * "publish" starts the window now, "withdraw" ends it now, delete removes it. The content is HTML
 * the agent centre passes through its sanitizer (only formatting tags and safe links survive).
 */
export function AnnouncementsTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const code = useMe().data?.merchant ?? '';
  const canEdit = useCan('merchant.config');
  const action = useAction();
  const [draft, setDraft] = useState<Draft>(blank);
  const [deleting, setDeleting] = useState<AnnouncementView | null>(null);
  const configKey = ['bo', 'merchant-config', code] as const;
  const base = `/bo/merchants/${encodeURIComponent(code)}/announcements`;
  const config = useQuery({
    queryKey: configKey,
    queryFn: () =>
      api.get<{ announcements?: AnnouncementView[] }>(`/bo/merchants/${encodeURIComponent(code)}/config`),
    enabled: code !== '' && canEdit,
  });
  const list = (config.data?.announcements ?? []).filter((a) => a.audience === 'agents');
  const now = new Date();

  const send = (request: () => Promise<unknown>) =>
    action.run(async () => {
      await request();
      await queryClient.invalidateQueries({ queryKey: configKey });
    });

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = { title: filled(draft.title), content: filled(draft.content) };
    const done = await send(() =>
      draft.id
        ? api.put(`${base}/${draft.id}`, body)
        : api.post(base, { ...body, type: 'B', audience: 'agents' }),
    );
    if (done) setDraft(blank());
  }

  if (!canEdit) return <p className="muted">{t('agents.announcements.noPermission')}</p>;
  return (
    <>
      <section className="panel" aria-label={t('agents.announcements.title')}>
        <p className="muted">{t('agents.announcements.hint')}</p>
        <QueryState query={config} isEmpty={list.length === 0} empty={t('agents.announcements.none')} />
        {list.length ? (
          <table className="table table--cards">
            <thead>
              <tr>
                <th>{t('agents.announcements.titleColumn')}</th>
                <th>{t('agents.announcements.window')}</th>
                <th>{t('agents.announcements.state')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.map((a) => {
                const state = announcementState(a, now);
                return (
                  <tr key={a.id} data-announcement={a.id}>
                    <td data-label={t('agents.announcements.titleColumn')}>
                      {LANGUAGES.map((lang) =>
                        a.title[lang] ? (
                          <div key={lang}>
                            <span className="muted small">{lang}</span> {a.title[lang]}
                          </div>
                        ) : null,
                      )}
                    </td>
                    <td data-label={t('agents.announcements.window')} className="small">
                      {formatDateTime(a.startTime)}
                      {a.endTime ? ` – ${formatDateTime(a.endTime)}` : ''}
                    </td>
                    <td data-label={t('agents.announcements.state')}>
                      <Badge tone={TONES[state]}>{t(`agents.announcements.states.${state}`)}</Badge>
                    </td>
                    <td className="row-actions">
                      <button
                        type="button"
                        className="button button--small"
                        onClick={() =>
                          setDraft({
                            id: a.id,
                            title: { 'pt-BR': a.title['pt-BR'] ?? '', en: a.title.en ?? '' },
                            content: { 'pt-BR': a.content['pt-BR'] ?? '', en: a.content.en ?? '' },
                          })
                        }
                      >
                        {t('agents.announcements.edit')}
                      </button>
                      {state === 'live' ? (
                        <button
                          type="button"
                          className="button button--small"
                          disabled={action.busy}
                          onClick={() =>
                            void send(() => api.put(`${base}/${a.id}`, { endTime: new Date().toISOString() }))
                          }
                        >
                          {t('agents.announcements.withdraw')}
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="button button--small"
                          disabled={action.busy}
                          onClick={() =>
                            void send(() =>
                              api.put(`${base}/${a.id}`, {
                                startTime: new Date().toISOString(),
                                endTime: null,
                              }),
                            )
                          }
                        >
                          {t('agents.announcements.publish')}
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button--small button--danger"
                        onClick={() => setDeleting(a)}
                      >
                        {t('agents.announcements.delete')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : null}
      </section>
      <form className="panel stack" onSubmit={save}>
        <h2>{draft.id ? t('agents.announcements.editing') : t('agents.announcements.add')}</h2>
        {LANGUAGES.map((lang) => (
          <fieldset key={lang} className="fieldset">
            <legend>{t(`language.${lang}`)}</legend>
            <label className="field">
              <span>{t('agents.announcements.titleField')}</span>
              <input
                name={`title-${lang}`}
                value={draft.title[lang]}
                maxLength={200}
                onChange={(e) => setDraft({ ...draft, title: { ...draft.title, [lang]: e.target.value } })}
              />
            </label>
            <label className="field">
              <span>{t('agents.announcements.contentField')}</span>
              <textarea
                name={`content-${lang}`}
                rows={5}
                maxLength={20_000}
                value={draft.content[lang]}
                onChange={(e) =>
                  setDraft({ ...draft, content: { ...draft.content, [lang]: e.target.value } })
                }
              />
            </label>
          </fieldset>
        ))}
        <p className="muted small">{t('agents.announcements.htmlHint')}</p>
        <Alert tone="error">{action.error}</Alert>
        <div className="actions">
          {draft.id ? (
            <button type="button" className="button" onClick={() => setDraft(blank())}>
              {t('action.cancel')}
            </button>
          ) : null}
          <button type="submit" className="button button--primary" disabled={action.busy}>
            {draft.id ? t('agents.announcements.save') : t('agents.announcements.publishNew')}
          </button>
        </div>
      </form>
      {deleting ? (
        <ConfirmDialog
          title={t('agents.announcements.deleteTitle')}
          label={t('agents.announcements.delete')}
          busy={action.busy}
          danger
          onConfirm={() =>
            void send(() => api.delete(`${base}/${deleting.id}`)).then((done) => done && setDeleting(null))
          }
          onCancel={() => setDeleting(null)}
        >
          <p>{deleting.title['pt-BR'] ?? deleting.title.en ?? ''}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
