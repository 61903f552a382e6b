import { useTranslation } from 'react-i18next';

/** Whether a client's name or e-mail holds what was typed in the search field, whatever the letter case. */
export function matchesNameOrEmail(search: string, name: string | null, email: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || email.toLowerCase().includes(needle) || (name ?? '').toLowerCase().includes(needle);
}

/** The admin lists' search field: it narrows the list by a client's name or e-mail as the photographer types. */
export function NameOrEmailSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('admin');
  return (
    <input
      type="search"
      className="admin-search"
      placeholder={t('folders.search')}
      aria-label={t('folders.search')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
