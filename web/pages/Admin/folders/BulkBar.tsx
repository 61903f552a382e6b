import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FEATURED_PICKS } from '../../../../shared/schemas/admin';
import { SheetSection } from '../../../components/BottomSheet/BottomSheet';
import type { GridSelection } from './useGridSelection';

/** A bar button: every one waits while the folder view is working. */
function BarButton({
  working,
  disabled,
  danger = false,
  title,
  onClick,
  children,
}: {
  working: boolean;
  disabled: boolean;
  danger?: boolean;
  title?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={danger ? 'button button--danger' : 'button button--ghost'}
      disabled={working || disabled}
      title={title}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/**
 * What can be done with the selected tiles: select all or none, trash, move to another client, and add to the main
 * gallery (a client folder) or set as featured (the main gallery), shown once a tile is chosen. Drawn as the top section of the bottom sheet, above
 * the upload tray when one is on screen.
 */
export function BulkBar({
  selection,
  total,
  isMain,
  working,
}: {
  selection: GridSelection;
  total: number;
  isMain: boolean;
  working: boolean;
}) {
  const { t } = useTranslation('admin');
  const count = selection.chosen.length;
  const none = count === 0;
  return (
    <SheetSection>
      <fieldset className="bulk-bar" data-testid="bulk-bar">
        <legend className="visually-hidden">{t('bulk.label')}</legend>
        <span className="bulk-bar__count" data-testid="bulk-count">
          {t('bulk.selected', { count, total })}
        </span>
        <BarButton working={working} disabled={count === total} onClick={selection.selectAll}>
          {t('bulk.selectAll')}
        </BarButton>
        {/* Until a photo is chosen the bar is one row: the actions appear with the selection, not as a stack of
          disabled buttons taking a phone's screen. */}
        {none ? null : (
          <>
            <BarButton working={working} disabled={false} onClick={selection.clear}>
              {t('bulk.selectNone')}
            </BarButton>
            <BarButton working={working} disabled={false} danger onClick={() => void selection.trash()}>
              {t('bulk.trash')}
            </BarButton>
            <BarButton working={working} disabled={false} onClick={selection.startMove}>
              {t('bulk.move')}
            </BarButton>
            {isMain ? (
              <BarButton
                working={working}
                disabled={!selection.canFeature}
                title={t('picks.limit', { count: FEATURED_PICKS })}
                onClick={() => void selection.feature()}
              >
                {t('bulk.feature')}
              </BarButton>
            ) : (
              <BarButton working={working} disabled={false} onClick={() => void selection.addToMain()}>
                {t('bulk.addToMain')}
              </BarButton>
            )}
          </>
        )}
      </fieldset>
    </SheetSection>
  );
}
