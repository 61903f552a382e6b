import { useRef } from 'react';

interface FilePickButtonProps {
  /** The visible button's text (it may say the file is being sent). */
  label: string;
  /** The hidden input's name for a screen reader and the browser tests. */
  inputLabel: string;
  accept: string;
  className: string;
  disabled: boolean;
  /** Set when the button should say it is busy (aria-busy); left out, the button carries no such state. */
  busy?: boolean;
  testId: string;
  onFile: (file: File) => void;
}

/**
 * A button that opens the browser's file picker: the file input itself is hidden, since its look cannot be styled.
 * The input is emptied after each pick, so the same file can be chosen again after a refusal.
 */
export function FilePickButton({
  label,
  inputLabel,
  accept,
  className,
  disabled,
  busy,
  testId,
  onFile,
}: FilePickButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={disabled}
        aria-busy={busy}
        onClick={() => inputRef.current?.click()}
      >
        {label}
      </button>
      <input
        ref={inputRef}
        hidden
        type="file"
        accept={accept}
        aria-label={inputLabel}
        disabled={disabled}
        data-testid={testId}
        onChange={(change) => {
          const file = change.currentTarget.files?.[0];
          change.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
