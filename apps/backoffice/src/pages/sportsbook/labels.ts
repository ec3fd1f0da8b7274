import { useTranslation } from 'react-i18next';

/**
 * Names of the feed's markets and outcomes (docs/sportsbook-feed.md §5) for traders: a known market
 * key by its name with its specifiers ("Total 2.5"), an unknown one as sent; `home`/`away` as the
 * teams, the common outcome words translated, scores and the rest as sent.
 */
export function useSportsLabels(teams?: { home: string; away: string }) {
  const { t } = useTranslation();
  const market = (key: string, specifiers: string) => {
    const name = t(`sportsbook.markets.${key}`, { defaultValue: key });
    const line = specifiers
      .split('|')
      .filter(Boolean)
      .map((pair) => pair.split('=')[1])
      .join(' ');
    return line ? `${name} ${line}` : name;
  };
  const outcome = (id: string) => {
    if (teams && id === 'home') return teams.home;
    if (teams && id === 'away') return teams.away;
    return t(`sportsbook.outcomes.${id.replace(/[^a-z_]/g, '_')}`, { defaultValue: id });
  };
  return { market, outcome };
}
