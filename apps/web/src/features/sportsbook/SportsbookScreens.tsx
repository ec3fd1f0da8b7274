import { useParams } from 'react-router';
import { SlipDock } from './BetSlip';
import type { Section } from './markets';
import { SportsbookEvent } from './SportsbookEvent';
import { SportsbookLobby } from './SportsbookLobby';
import './sportsbook.css';

/** /sports and /esports: the lobby beside the slip. */
export function SportsbookLobbyScreen({ section }: { section: Section }) {
  return (
    <div className="sb-page">
      <div className="sb-main">
        <SportsbookLobby section={section} />
      </div>
      <SlipDock />
    </div>
  );
}

/** /sports/event/:id and /esports/event/:id: one event's markets beside the slip. */
export function SportsbookEventScreen({ section }: { section: Section }) {
  const { id = '' } = useParams();
  return (
    <div className="sb-page">
      <div className="sb-main">
        <SportsbookEvent key={id} section={section} id={id} />
      </div>
      <SlipDock />
    </div>
  );
}
