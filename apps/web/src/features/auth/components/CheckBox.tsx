import type { ReactNode } from 'react';

/**
 * The auth forms' checkbox ("Lembrar de mim", the age and terms consents): the real input, drawn
 * as the box (auth.css `.au-check`), so the box the player sees is the box the click lands on, in
 * either theme; the words beside it toggle it too (the label).
 */
export function CheckBox({
  checked,
  onChange,
  invalid,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  invalid?: boolean;
  children: ReactNode;
}) {
  return (
    <label className="au-check">
      <input
        type="checkbox"
        checked={checked}
        aria-invalid={invalid ? true : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}
