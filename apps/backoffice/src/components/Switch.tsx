/** A labelled on/off switch with its one-line explanation (and the flag's id, for support). */
export function Switch({
  checked,
  onChange,
  label,
  hint,
  id,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
  hint: string;
  id?: string;
}) {
  return (
    <label className="switch">
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="switch__text">
        <strong>
          {label} {id ? <span className="mono small muted">{id}</span> : null}
        </strong>
        <span className="muted small">{hint}</span>
      </span>
    </label>
  );
}
