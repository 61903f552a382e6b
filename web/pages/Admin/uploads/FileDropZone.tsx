import { useId, useState } from 'react';

interface FileDropZoneProps {
  /** What the zone is for, read by screen readers as the group's name. */
  legend: string;
  /** The button that opens the file chooser. */
  chooseLabel: string;
  /** The line beside it: "or drop them here". */
  dropHint: string;
  /** The chosen or dropped files, as the browser gives them. */
  onFiles: (files: FileList | null) => void;
  disabled?: boolean;
  /** The input's test id, for the browser suites. */
  testId: string;
}

/**
 * Where photos and videos are chosen or dropped: the uploader's zone and the "Upload edits" dialog's are the same
 * one. The input is cleared after each choice, so choosing the same file again is seen as a new choice.
 */
export function FileDropZone({ legend, chooseLabel, dropHint, onFiles, disabled = false, testId }: FileDropZoneProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  return (
    <fieldset
      className="uploader__drop"
      disabled={disabled}
      data-dragging={dragging}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onFiles(event.dataTransfer.files);
      }}
    >
      <legend className="visually-hidden">{legend}</legend>
      <label htmlFor={inputId} className="button">
        {chooseLabel}
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        name="files"
        accept="image/*,video/*"
        multiple
        data-testid={testId}
        onChange={(event) => {
          onFiles(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
      <span className="muted">{dropHint}</span>
    </fieldset>
  );
}
