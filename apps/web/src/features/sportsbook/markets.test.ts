import { describe, expect, it } from 'vitest';
import en from '../../locales/en/sportsbook.json';
import pt from '../../locales/pt-BR/sportsbook.json';
import {
  byLeague,
  type Label,
  marketGroup,
  marketLine,
  marketTitle,
  matchesSearch,
  outcomeLabel,
  periodLabel,
  scoreColumns,
  signedLine,
} from './markets';

/** The label in a catalogue, as i18next would write it (nested labels first, {{x}} filled in). */
function render(catalog: unknown, label: Label): string {
  const text = label.key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalog);
  if (typeof text !== 'string') throw new Error(`missing ${label.key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = label.values?.[name];
    return typeof value === 'object' ? render(catalog, value) : String(value);
  });
}

const teams = { home: 'Santos', away: 'Flamengo' };
const say = (lang: 'en' | 'pt', key: string, specifiers: string, outcome: string) =>
  render(lang === 'en' ? en : pt, outcomeLabel(key, specifiers, outcome, teams));
const title = (lang: 'en' | 'pt', key: string, specifiers = '', sport = 'football') =>
  render(lang === 'en' ? en : pt, marketTitle(key, specifiers, sport));

describe('market labels', () => {
  it('names the sides by team, handicaps from each side', () => {
    expect(say('en', '1x2', '', 'home')).toBe('Santos');
    expect(say('pt', '1x2', '', 'draw')).toBe('Empate');
    expect(say('en', 'asian_handicap', 'hcp=-0.75', 'home')).toBe('Santos \u22120.75');
    expect(say('en', 'asian_handicap', 'hcp=-0.75', 'away')).toBe('Flamengo +0.75');
    expect(say('pt', 'asian_handicap', 'hcp=0.25', 'away')).toBe('Flamengo \u22120.25');
    expect(say('en', 'asian_handicap', 'hcp=0', 'home')).toBe('Santos 0');
    expect(say('en', 'map_handicap', 'hcp=1.5', 'home')).toBe('Santos +1.5');
  });

  it('names totals, yes/no, double chance, HT/FT and scores in both languages', () => {
    expect(say('en', 'total', 'total=2.5', 'over')).toBe('Over 2.5');
    expect(say('pt', 'total', 'total=2.75', 'under')).toBe('Menos de 2.75');
    expect(say('pt', 'btts', '', 'yes')).toBe('Sim');
    expect(say('en', 'double_chance', '', 'home_draw')).toBe('Santos or Draw');
    expect(say('pt', 'double_chance', '', 'draw_away')).toBe('Empate ou Flamengo');
    expect(say('pt', 'ht_ft', '', 'draw/home')).toBe('Empate / Santos');
    expect(say('en', 'correct_score', '', '2:1')).toBe('2:1');
    expect(say('pt', 'correct_score', '', 'other_away')).toBe('Outra vitória do visitante');
  });

  it('titles markets from key and specifiers, per sport', () => {
    expect(title('pt', '1x2')).toBe('Resultado final');
    expect(title('en', 'total')).toBe('Total goals');
    expect(title('en', 'total', 'total=180.5', 'basketball')).toBe('Total points');
    expect(title('pt', 'set_winner', 'setnr=2', 'tennis')).toBe('Vencedor do 2º set');
    expect(title('en', 'map_winner', 'mapnr=3', 'cs2')).toBe('Map 3 winner');
    expect(title('en', 'mystery_market')).toBe('Market mystery_market');
    expect(marketLine('total=2.5')).toBe('2.5');
    expect(marketLine('hcp=-1')).toBe('\u22121');
    expect(marketLine('')).toBeNull();
  });

  it('groups markets for the event page tabs', () => {
    expect(marketGroup('1x2')).toBe('main');
    expect(marketGroup('asian_handicap')).toBe('handicap');
    expect(marketGroup('total_maps')).toBe('totals');
    expect(marketGroup('map_winner')).toBe('periods');
    expect(marketGroup('ht_ft')).toBe('score');
  });

  it('writes lines with their sign', () => {
    expect(signedLine('-0.75')).toBe('\u22120.75');
    expect(signedLine('1.5')).toBe('+1.5');
    expect(signedLine('0')).toBe('0');
  });

  it('names live periods', () => {
    expect(render(pt, periodLabel('2nd_half'))).toBe('2º tempo');
    expect(render(en, periodLabel('q3'))).toBe('Q3');
    expect(render(pt, periodLabel('set2'))).toBe('2º set');
    expect(render(en, periodLabel('map1'))).toBe('Map 1');
  });

  it('lays correct scores in home / draw / away columns', () => {
    expect(scoreColumns(['1:0', '0:0', '0:1', '2:1', 'other_home', 'other_draw', 'other_away'])).toEqual({
      columns: [['1:0', '2:1'], ['0:0'], ['0:1']],
      others: ['other_home', 'other_draw', 'other_away'],
    });
  });

  it('groups the lobby by league in list order, and searches without accents', () => {
    const e = (id: string, league: string, home = 'São Paulo') => ({
      id,
      tournament: { id: league, name: league },
      home: { name: home },
      away: { name: 'Bahia' },
    });
    const groups = byLeague([e('1', 'A'), e('2', 'B'), e('3', 'A')]);
    expect(groups.map((g) => [g.id, g.events.map((x) => x.id)])).toEqual([
      ['A', ['1', '3']],
      ['B', ['2']],
    ]);
    expect(matchesSearch(e('1', 'Brasileirão'), 'sao')).toBe(true);
    expect(matchesSearch(e('1', 'Brasileirão'), 'brasileirao')).toBe(true);
    expect(matchesSearch(e('1', 'Brasileirão'), 'grêmio')).toBe(false);
  });
});
