import { Link } from 'react-router';
import { useThemeStore } from '../../lib/theme';
import { useWhitelabel } from '../../lib/whitelabel';

export function Brand({ compact = false }: { compact?: boolean }) {
  const { brandName, logoUrl, theme } = useWhitelabel();
  const mode = useThemeStore((s) => s.mode) ?? theme.mode;
  // A merchant's logo is drawn for its own mode (the demo's wordmark is white on dark): in the other
  // mode it sits on a plate of the merchant's background, so it keeps its contrast in both themes.
  const plated = mode !== theme.mode;
  return (
    <Link to="/" className="brand" aria-label={brandName}>
      {/* A merchant logo is a wordmark already, so the brand name is only shown next to the built-in mark. */}
      {logoUrl ? (
        <img
          className={`brand__logo${compact ? ' brand__logo--compact' : ''}${plated ? ' brand__logo--plate' : ''}`}
          style={plated ? { backgroundColor: theme.background } : undefined}
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
