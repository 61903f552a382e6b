import { useTranslation } from 'react-i18next';

/**
 * After a whole entry's price: that it covers all the rider's horses in the class. Nothing for a rider with one, for
 * whom the price needs no explaining.
 */
export function HorsesNote({ horses }: { horses: number }) {
  const { t } = useTranslation('events');
  if (horses <= 1) return null;
  return (
    <>
      {' '}
      <span className="muted">{t('buy.horses', { count: horses })}</span>
    </>
  );
}
