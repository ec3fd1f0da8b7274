import { describe, expect, test } from 'vitest';
import { draftOf, fromLocalInput, inputOf, newDraft, toLocalInput, wrapSelection } from './promotions';

const filled = () => {
  const draft = newDraft(new Date('2026-11-27T12:00:00Z'));
  draft.content.en = { title: ' Welcome ', summary: 'S', body: '<p>b</p>' };
  return draft;
};

describe('the promotion editor form', () => {
  test('local date and time round-trip through instants', () => {
    const iso = '2026-11-27T12:34:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });

  test('a filled draft becomes the input; an empty language is left out', () => {
    const r = inputOf(filled());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.input.content).toEqual({ en: { title: 'Welcome', summary: 'S', body: '<p>b</p>' } });
    expect(r.input.endsAt).toBeNull();
    expect(r.input.audience).toBe('all');
  });

  test('each wrong field is named', () => {
    const d = filled();
    expect(inputOf({ ...d, startsAt: '' })).toEqual({ ok: false, field: 'startsAt' });
    expect(inputOf({ ...d, endsAt: '2020-01-01T00:00' })).toEqual({ ok: false, field: 'endsAt' });
    expect(inputOf({ ...d, audience: 'vip_levels', vipLevels: 'gold' })).toEqual({
      ok: false,
      field: 'vipLevels',
    });
    expect(inputOf({ ...d, audience: 'agent_team', agentAccount: ' ' })).toEqual({
      ok: false,
      field: 'agentAccount',
    });
    expect(inputOf({ ...d, audience: 'member_list' })).toEqual({ ok: false, field: 'memberAccounts' });
    expect(inputOf({ ...d, displayOrder: '1.5' })).toEqual({ ok: false, field: 'displayOrder' });
    const noTitle = filled();
    noTitle.content['pt-BR'] = { title: '', summary: 'só resumo', body: '' };
    expect(inputOf(noTitle)).toEqual({ ok: false, field: 'title' });
    expect(inputOf(newDraft())).toEqual({ ok: false, field: 'title' });
  });

  test('audience fields: levels sorted and unique, accounts split by lines or commas', () => {
    const vip = inputOf({ ...filled(), audience: 'vip_levels', vipLevels: '5, 1 3,1' });
    expect(vip.ok && vip.input.vipLevels).toEqual([1, 3, 5]);
    const list = inputOf({ ...filled(), audience: 'member_list', memberAccounts: 'ana\nbob, ana' });
    expect(list.ok && list.input.memberAccounts).toEqual(['ana', 'bob']);
    // Fields of another audience are not sent.
    const all = inputOf({ ...filled(), vipLevels: '3', agentAccount: 'x', memberAccounts: 'y' });
    expect(all.ok && [all.input.vipLevels, all.input.agentAccount, all.input.memberAccounts]).toEqual([
      [],
      null,
      [],
    ]);
  });

  test('the raffle picked is sent for a raffle promotion only', () => {
    const raffle = inputOf({ ...filled(), type: 'raffle', raffleId: '7' });
    expect(raffle.ok && raffle.input.raffleId).toBe(7);
    const none = inputOf({ ...filled(), type: 'raffle' });
    expect(none.ok && none.input.raffleId).toBeNull();
    const other = inputOf({ ...filled(), type: 'free_content', raffleId: '7' });
    expect(other.ok && other.input.raffleId).toBeNull();
  });

  test('a saved promotion reads back into the same draft', () => {
    const r = inputOf({ ...filled(), audience: 'vip_levels', vipLevels: '2', type: 'raffle', raffleId: '3' });
    if (!r.ok) throw new Error('draft');
    const saved = {
      ...r.input,
      id: 1,
      status: 'draft' as const,
      coverUrl: null,
      takesApplications: false,
      agentAccount: null,
      content: { en: { title: 'Welcome', summary: 'S', body: '<p>b</p>' } },
      createdAt: '',
      updatedAt: '',
    };
    const back = inputOf(draftOf(saved));
    expect(back).toEqual(r);
  });

  test('the toolbar wraps the selection', () => {
    expect(wrapSelection('say hi now', 4, 6, '<strong>', '</strong>')).toEqual({
      text: 'say <strong>hi</strong> now',
      start: 12,
      end: 14,
    });
    expect(wrapSelection('ab', 1, 1, '<em>', '</em>').text).toBe('a<em></em>b');
  });
});
