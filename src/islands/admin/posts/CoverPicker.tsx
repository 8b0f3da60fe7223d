/** The cover: a preview, an upload (png or jpeg, checked by the server) and the path it gives. */
import { useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { generalMessage } from '../dashboard/kit.tsx';
import { uploadCover } from './posts-api.ts';

/** the upload's first field error when the server names one, else its general message */
const uploadProblem = (err: unknown) =>
  err instanceof ApiError && Array.isArray(err.msg) ? (err.msg[0]?.msg ?? generalMessage(err)) : generalMessage(err);

type Props = { value: string; onChange: (v: string) => void; error?: string };

export function CoverPicker({ value, onChange, error }: Props) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem('');
    try {
      onChange((await uploadCover(file)).src);
    } catch (err) {
      setProblem(uploadProblem(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="field adk-cover">
      <span className="field__label" id="cover-label">
        Cover image
      </span>
      <div className="adk-cover__row">
        <div className="adk-cover__preview">{value ? <img src={value} alt="" /> : <span>No cover</span>}</div>
        <div className="adk-cover__controls">
          <label className="btn btn--ghost btn--small adk-cover__upload">
            {busy ? 'Uploading…' : 'Upload image'}
            <input
              type="file"
              accept="image/png,image/jpeg"
              aria-label="Upload a cover image"
              disabled={busy}
              onChange={(e) => void upload(e.target.files?.[0])}
            />
          </label>
          <input
            className="input"
            aria-labelledby="cover-label"
            placeholder="/uploads/cover.jpg"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      </div>
      {(problem || error) && <span className="adk-field-error">{problem || error}</span>}
    </div>
  );
}
