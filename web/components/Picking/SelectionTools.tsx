import type { Language } from '../../../shared/i18n/languages';
import type { MediaView } from '../../../shared/schemas/media';
import type { PicksResponse } from '../../../shared/schemas/proofing';
import { PickButton } from './PickButton';
import { PicksSummary } from './PicksSummary';
import { SendDialog } from './SendDialog';
import type { PicksState } from './usePicks';

/**
 * The hearts of a selection, as the gallery's slots take them: one on each tile (named by its number) and one in the
 * viewer. The client's own gallery and an event page both pick this way.
 */
export function pickSlots(state: PicksState) {
  const onToggle = (item: MediaView, picked: boolean) => state.toggle(item.id, picked);
  const button = (item: MediaView, variant: 'tile' | 'lightbox', number?: number) => (
    <PickButton
      item={item}
      number={number}
      picked={state.picked(item.id)}
      disabled={!state.canPick}
      onToggle={onToggle}
      variant={variant}
    />
  );
  return {
    tileActions: (item: MediaView, number: number) => button(item, 'tile', number),
    lightboxActions: (item: MediaView) => button(item, 'lightbox'),
  };
}

interface SendSelectionProps {
  picks: PicksResponse;
  language: Language;
  /** A failed pick or un-pick, shown in the summary. */
  errorKey: string | null;
  /** The send dialog and its sending (useDialogSubmit); the dialog closes once the order is made. */
  send: {
    openFor: true | null;
    open: (value: true) => void;
    close: () => void;
    submit: (note: string) => void;
    busy: boolean;
    errorKey: string | null;
  };
}

/** The live summary of a selection and "Send my selection" with its dialog (a note, then the order). */
export function SendSelection({ picks, language, errorKey, send }: SendSelectionProps) {
  return (
    <>
      <PicksSummary picks={picks} language={language} errorKey={errorKey} onSend={() => send.open(true)} />
      {send.openFor ? (
        <SendDialog
          picks={picks}
          language={language}
          busy={send.busy}
          errorKey={send.errorKey}
          onSend={send.submit}
          onClose={send.close}
        />
      ) : null}
    </>
  );
}
