/** A staff file field: its label, a "Choose" button around the file input, and the chosen file's name and size. */

/** the chosen file's name and size in whole KB (at least 1), or what to choose */
const fileLabel = (file: File | null, empty: string) =>
  file ? `${file.name} (${Math.max(1, Math.round(file.size / 1024)).toLocaleString('en-GB')} KB)` : empty;

type Props = {
  id: string;
  label: string;
  button: string;
  accept: string;
  /** shown while no file is chosen: what to choose */
  empty: string;
  file: File | null;
  onFile: (file: File | null) => void;
};

export function FilePick({ id, label, button, accept, empty, file, onFile }: Props) {
  return (
    <div className="field">
      <span className="field__label" id={id}>
        {label}
      </span>
      <div className="adk-file__pick">
        <label className="btn btn--ghost btn--small adk-cover__upload">
          {button}
          <input
            type="file"
            aria-labelledby={id}
            accept={accept}
            onChange={(e) => onFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <span className={file ? 'adk-file__name' : 'adk-file__name adm-muted'}>{fileLabel(file, empty)}</span>
      </div>
    </div>
  );
}
