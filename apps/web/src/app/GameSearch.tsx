import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/ui/Icon';
import { useGameList } from '../features/games/api';
import { GameTile } from '../features/games/GameTile';
import { useOpenLottery } from './LotteryGameRows';
import '../features/games/games.css';
import './game-search.css';

const SEARCH_DEBOUNCE_MS = 300;
/** The search shows the first page's best matches; the lobbies have the rest. */
const SHOWN = 12;

interface Props {
  onClose: () => void;
}

/**
 * The header's site-wide game search: the catalogue's game list by name (every category), debounced,
 * as tiles that open their game the way the lobbies do. Esc closes; Enter opens the first match.
 */
export default function GameSearch({ onClose }: Props) {
  const { t, i18n } = useTranslation('games');
  const [text, setText] = useState('');
  const [gameName, setGameName] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const opener = useOpenLottery();

  useEffect(() => {
    const id = setTimeout(() => setGameName(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text]);

  useEffect(() => {
    input.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const list = useGameList({ gameName, language: i18n.language }, gameName.length > 0);
  const games = useMemo(() => (list.data?.pages[0]?.games ?? []).slice(0, SHOWN), [list.data]);
  // The previous name's results stay on screen while the next arrive (the list keeps its data).
  const settled = gameName.length > 0 && !list.isPlaceholderData && !list.isFetching;

  const open = (game: (typeof games)[number]) => {
    onClose();
    opener.open(game);
  };

  // Enter before the debounce or the answer: the first match opens as soon as it arrives.
  const [enterPending, setEnterPending] = useState(false);
  const first = settled ? games[0] : undefined;
  useEffect(() => {
    if (enterPending && first) {
      setEnterPending(false);
      onClose();
      opener.open(first);
    }
  }, [enterPending, first, onClose, opener]);

  return (
    <div className="game-search" role="dialog" aria-modal="true" aria-label={t('search.label')}>
      <button
        type="button"
        className="game-search__backdrop"
        tabIndex={-1}
        aria-hidden="true"
        onClick={onClose}
      />
      <div className="game-search__panel">
        <form
          className="game-search__bar"
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim()) {
              setGameName(text.trim());
              setEnterPending(true);
            }
          }}
        >
          <Icon name="search" size={20} />
          <input
            ref={input}
            type="search"
            className="game-search__input"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('search.placeholder')}
            aria-label={t('search.label')}
            enterKeyHint="go"
            autoComplete="off"
            maxLength={64}
          />
          <button
            type="button"
            className="icon-btn icon-btn--sm"
            onClick={onClose}
            aria-label={t('search.close')}
          >
            <Icon name="close" size={18} />
          </button>
        </form>
        <div className="game-search__results" aria-live="polite" aria-busy={list.isFetching}>
          {gameName.length === 0 ? (
            <p className="game-search__hint">{t('search.hint')}</p>
          ) : games.length > 0 ? (
            <div className="game-grid game-search__grid">
              {games.map((game) => (
                <GameTile
                  key={game.gameId}
                  game={game}
                  onOpen={open}
                  pending={opener.pending === game.gameId}
                />
              ))}
            </div>
          ) : settled ? (
            <p className="game-search__hint">{t('noResults.title')}</p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
