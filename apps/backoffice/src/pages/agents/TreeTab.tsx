import type { BoAgentNode } from '@sorte/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SearchField } from '../../components/SearchField';
import { ReasonDialog } from '../../components/ReasonDialog';
import { Badge, QueryState } from '../../components/Status';
import { api } from '../../lib/api';
import { useCan } from '../../lib/operator';
import { OfferContractDialog } from './OfferContractDialog';
import { memberTypeKey } from './shared';

/**
 * A top agent gets its contracts from the merchant: an agent on the tree's first level, or one found
 * by account with no upline at all (the server decides: an agent under another agent is refused).
 */
function isTopAgent(node: BoAgentNode, depth: number, searched?: boolean): boolean {
  if (node.type === 0 || node.type === 4) return false;
  return searched ? node.parentId === null : depth === 0;
}

interface Level {
  list: BoAgentNode[];
  more: boolean;
}
const TREE_KEY = ['bo', 'agents', 'tree'] as const;

/** One member of the tree: its figures, contracts, the move button, and its children once opened. */
function NodeRow({
  node,
  depth,
  onMove,
  onOffer,
  showPath,
}: {
  node: BoAgentNode;
  depth: number;
  onMove: (node: BoAgentNode) => void;
  onOffer: (node: BoAgentNode) => void;
  showPath?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const canMove = useCan('agents.manage');
  const children = useQuery({
    queryKey: [...TREE_KEY, 'children', node.id],
    queryFn: () => api.get<Level>('/bo/agents/tree', { parentId: node.id }),
    enabled: open,
  });
  return (
    <li>
      <div
        className="tree__row"
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: '0.25rem 0.75rem',
          padding: '0.5rem 0.25rem',
          paddingInlineStart: `${Math.min(depth, 8) * 1.25 + 0.25}rem`,
          borderBottom: '1px solid var(--border, rgba(127,127,127,.25))',
        }}
      >
        {node.direct > 0 ? (
          <button
            type="button"
            className="icon-button"
            aria-expanded={open}
            aria-label={t(open ? 'agents.tree.collapse' : 'agents.tree.expand', { account: node.account })}
            onClick={() => setOpen(!open)}
          >
            {open ? '▾' : '▸'}
          </button>
        ) : (
          <span aria-hidden="true" style={{ display: 'inline-block', width: '2rem' }} />
        )}
        <span style={{ flex: '1 1 12rem', minWidth: 0 }}>
          <Link to={`/members/${encodeURIComponent(node.id)}`}>{node.account}</Link>
          <span className="muted small"> · {t(memberTypeKey(node.type), { type: node.type })}</span>
          {showPath && node.path.length ? (
            <div className="muted small wrap">{node.path.join(' › ')}</div>
          ) : null}
        </span>
        <span className="small nowrap">
          {t('agents.tree.counts', { direct: node.direct, team: node.team })}
        </span>
        <span style={{ display: 'inline-flex', gap: '0.25rem', flexWrap: 'wrap' }}>
          {node.contracts.map((type) => (
            <Badge key={type} tone="ok">
              {t(`agents.types.${type}`)}
            </Badge>
          ))}
        </span>
        {canMove ? (
          <button type="button" className="button button--small" onClick={() => onMove(node)}>
            {t('agents.tree.move')}
          </button>
        ) : null}
        {canMove && isTopAgent(node, depth, showPath) ? (
          <button type="button" className="button button--small" onClick={() => onOffer(node)}>
            {t('agents.tree.offer')}
          </button>
        ) : null}
      </div>
      {open ? (
        <>
          <QueryState
            query={children}
            isEmpty={children.data?.list.length === 0}
            empty={t('agents.tree.none')}
          />
          {children.data ? (
            <NodeList level={children.data} depth={depth + 1} onMove={onMove} onOffer={onOffer} />
          ) : null}
        </>
      ) : null}
    </li>
  );
}

function NodeList({
  level,
  depth,
  onMove,
  onOffer,
  showPath,
}: {
  level: Level;
  depth: number;
  onMove: (node: BoAgentNode) => void;
  onOffer: (node: BoAgentNode) => void;
  showPath?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {level.list.map((node) => (
        <NodeRow
          key={node.id}
          node={node}
          depth={depth}
          onMove={onMove}
          onOffer={onOffer}
          showPath={showPath}
        />
      ))}
      {level.more ? <li className="muted small">{t('agents.tree.more')}</li> : null}
    </ul>
  );
}

/**
 * The merchant's agent tree: the top agents, each opened a level at a time, or the members found by
 * account with where they sit. Moving a member asks for the new upline's account and a reason; a
 * top agent can be offered a contract from the merchant.
 */
export function TreeTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [account, setAccount] = useState('');
  const [moving, setMoving] = useState<BoAgentNode | null>(null);
  const [offering, setOffering] = useState<BoAgentNode | null>(null);
  const [upline, setUpline] = useState('');
  const [moved, setMoved] = useState<string | null>(null);
  const level = useQuery({
    queryKey: [...TREE_KEY, 'level', account],
    queryFn: () => api.get<Level>('/bo/agents/tree', account ? { account } : {}),
  });

  function search(event: FormEvent) {
    event.preventDefault();
    setAccount(text.trim());
  }

  async function move(node: BoAgentNode, reason: string) {
    const wanted = upline.trim().toLowerCase();
    const found = await api.get<Level>('/bo/agents/tree', { account: wanted });
    const parent = found.list.find((n) => n.account.toLowerCase() === wanted);
    const result = await api.post<{ moved: number }>(
      `/bo/agents/members/${encodeURIComponent(node.id)}/move`,
      {
        // An unknown account is sent as such: the server answers that it is no agent of this site.
        parentId: parent?.id ?? wanted,
        reason,
      },
    );
    setMoved(
      t('agents.move.done', {
        account: node.account,
        upline: parent?.account ?? wanted,
        count: result.moved,
      }),
    );
    await queryClient.invalidateQueries({ queryKey: TREE_KEY });
  }

  return (
    <>
      <form className="toolbar" onSubmit={search}>
        <SearchField
          label={t('agents.tree.search')}
          placeholder={t('agents.tree.searchPlaceholder')}
          value={text}
          onChange={setText}
        />
      </form>
      {moved ? (
        <p className="alert alert--ok" role="status">
          {moved}
        </p>
      ) : null}
      <div className="panel">
        <QueryState
          query={level}
          isEmpty={level.data?.list.length === 0}
          empty={t(account ? 'agents.tree.noMatch' : 'agents.tree.empty')}
        />
        {level.data ? (
          <NodeList
            level={level.data}
            depth={0}
            showPath={account !== ''}
            onMove={(node) => {
              setUpline('');
              setMoved(null);
              setMoving(node);
            }}
            onOffer={setOffering}
          />
        ) : null}
      </div>
      {offering ? <OfferContractDialog agent={offering} onClose={() => setOffering(null)} /> : null}
      {moving ? (
        <ReasonDialog
          title={t('agents.move.title', { account: moving.account })}
          summary={
            <>
              <p>{t('agents.move.summary', { count: moving.team })}</p>
              <label className="field">
                <span>{t('agents.move.upline')}</span>
                <input
                  value={upline}
                  onChange={(event) => setUpline(event.target.value)}
                  maxLength={64}
                  required
                  autoComplete="off"
                />
              </label>
            </>
          }
          confirmLabel={t('agents.tree.move')}
          onConfirm={(reason) => move(moving, reason)}
          onClose={() => setMoving(null)}
        />
      ) : null}
    </>
  );
}
