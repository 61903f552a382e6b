import { useTranslation } from 'react-i18next';
import type { MediaView } from '../../../shared/schemas/media';
import { isDeliveredItem } from './picks-logic';
import './picking.css';

interface PickButtonProps {
  item: MediaView;
  picked: boolean;
  /** While the selection is sent (or the gallery is not for picking) the heart shows the state but cannot change. */
  disabled: boolean;
  onToggle: (item: MediaView, picked: boolean) => void;
  /** The tile's place in the gallery, for "Pick photo 3"; absent in the lightbox, which names "this photo". */
  number?: number;
  /** `tile`: a round heart over the picture; `lightbox`: a heart with its word, beside the viewer's buttons. */
  variant: 'tile' | 'lightbox';
}

/**
 * The heart: a real toggle button. Its name says what it picks and never changes; `aria-pressed` says whether it is
 * picked (the pattern screen readers announce as "Pick photo 3, toggle button, pressed"). An item already delivered
 * to the client has none: it is theirs, with nothing to pick.
 */
export function PickButton({ item, picked, disabled, onToggle, number, variant }: PickButtonProps) {
  const { t } = useTranslation('proofing');
  if (isDeliveredItem(item)) return null;
  const video = item.kind === 'video';
  const label =
    number === undefined
      ? t(video ? 'pick.thisVideo' : 'pick.thisPhoto')
      : t(video ? 'pick.video' : 'pick.photo', { number });
  return (
    <button
      type="button"
      className={`pick-button pick-button--${variant}`}
      aria-pressed={picked}
      aria-label={variant === 'tile' ? label : undefined}
      disabled={disabled}
      data-testid="pick-button"
      data-media-id={item.id}
      onClick={() => onToggle(item, !picked)}
    >
      <svg className="pick-button__heart" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 20.6 4.2 13a4.9 4.9 0 0 1 0-7 5 5 0 0 1 7 0l.8.8.8-.8a5 5 0 0 1 7 0 4.9 4.9 0 0 1 0 7Z" />
      </svg>
      {variant === 'lightbox' ? <span>{label}</span> : null}
    </button>
  );
}
