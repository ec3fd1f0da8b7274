import type { VnBetTypeCode } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';
import type { VnDrawView } from './api';
import { boardRows, matchesTicket, prizeLabel } from './results';
import { formatVnDay } from './time';

interface ResultBoardProps {
  draw: VnDrawView;
  /** A ticket whose winning numbers are marked on the board. */
  ticket?: { betType: VnBetTypeCode; numbers: readonly string[] };
}

/** The classic results table (ĐB, G1…G8) beside the lô tô table of heads 0–9. */
export function ResultBoard({ draw, ticket }: ResultBoardProps) {
  const { t, i18n } = useTranslation('vnlottery');
  if (!draw.result) return null;
  const rows = boardRows(draw.result);
  const marked = (prize: (typeof rows)[number]['prize'], number: string) =>
    ticket ? matchesTicket(ticket, prize, number) : false;
  return (
    <div className="vn-board" data-testid="vn-board">
      <table className="vn-xs">
        <caption>
          <strong>{draw.provinceName}</strong> · {formatVnDay(draw.drawDate, i18n.language)} ({draw.drawDate})
          {draw.host ? <span className="vn-muted"> · {t('draws.host', { host: draw.host })}</span> : null}
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{t('results.prize')}</th>
            <th scope="col">{t('results.numbers')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.prize} className={`vn-xs__row vn-xs__row--${row.prize}`}>
              <th scope="row" title={t(`results.prizes.${row.prize}`)}>
                {prizeLabel(row.prize)}
              </th>
              <td>
                <div className="vn-xs__nums" style={columnsOf(row.numbers)}>
                  {row.numbers.map((number, index) => (
                    <span
                      // biome-ignore lint/suspicious/noArrayIndexKey: a prize may print the same number twice
                      key={index}
                      className={marked(row.prize, number) ? 'vn-xs__num is-hit' : 'vn-xs__num'}
                    >
                      {number}
                    </span>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {draw.loTable ? (
        <table className="vn-lo">
          <caption>
            {t('results.loTable')}
            {draw.de ? (
              <span className="vn-lo__de">
                {t('results.de')}: <strong data-testid="vn-de">{draw.de}</strong>
              </span>
            ) : null}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('results.head')}</th>
              <th scope="col">{t('results.tails')}</th>
            </tr>
          </thead>
          <tbody>
            {draw.loTable.map((tails, head) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the row index is the head digit itself
              <tr key={head}>
                <th scope="row">{head}</th>
                <td>
                  {tails.map((tail, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a lô can come out twice
                    <span key={i} className="vn-lo__tail">
                      {`${head}${tail}`}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/** Columns of a prize row: up to four side by side (six as 3 × 2); on a phone at most three of five or six digits. */
function columnsOf(numbers: readonly string[]): React.CSSProperties {
  const n = numbers.length;
  const cols = n <= 4 ? n : n % 3 === 0 ? 3 : 4;
  const long = (numbers[0]?.length ?? 0) >= 5;
  return { '--cols': cols, '--cols-phone': long ? Math.min(cols, 3) : cols } as React.CSSProperties;
}
