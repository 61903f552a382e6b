import { useTranslation } from 'react-i18next';
import { useNamespace } from '../../../hooks/useNamespace';
import './order-edits.css';

/**
 * The "Edited" mark on a picked photo of an order card: an edited version replaced its original (an upload with
 * `replaces`), so delivering gives the client the edit. Nothing for a photo still as it was uploaded.
 */
export function EditedMark({ edited }: { edited: boolean }) {
  return edited ? <EditedBadge /> : null;
}

function EditedBadge() {
  const { t } = useTranslation('sales');
  const ready = useNamespace('sales');
  if (!ready) return null;
  return (
    <span className="edited-mark" data-testid="edited-mark">
      {t('orderCard.edited')}
    </span>
  );
}
