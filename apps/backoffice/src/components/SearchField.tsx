import { useTranslation } from 'react-i18next';

/** A toolbar's search box and its button (inside the caller's <form className="toolbar">). */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="field field--inline field--grow">
        <span className="visually-hidden">{label}</span>
        <input
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          maxLength={64}
        />
      </label>
      <button type="submit" className="button button--primary">
        {t('action.search')}
      </button>
    </>
  );
}
