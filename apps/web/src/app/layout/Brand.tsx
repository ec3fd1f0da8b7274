import { Link } from 'react-router';
import { useWhitelabel } from '../../lib/whitelabel';

export function Brand({ compact = false }: { compact?: boolean }) {
  const { brandName, logoUrl } = useWhitelabel();
  return (
    <Link to="/" className="brand" aria-label={brandName}>
      {/* A merchant logo is a wordmark already, so the brand name is only shown next to the built-in mark. */}
      {logoUrl ? (
        <img
          className={`brand__logo${compact ? ' brand__logo--compact' : ''}`}
          src={logoUrl}
          alt=""
          height={32}
        />
      ) : (
        <>
          <span className="brand__mark" aria-hidden="true">
            {brandName.slice(0, 1).toUpperCase()}
          </span>
          {compact ? null : <span className="brand__name">{brandName}</span>}
        </>
      )}
    </Link>
  );
}
