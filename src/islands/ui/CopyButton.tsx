/** A button that copies `text` to the clipboard and says so (politely, for screen readers too). */
import { useState } from 'react';

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function CopyButton({
  text,
  label = 'Copy',
  className = 'btn btn--small',
}: {
  text: string;
  label?: string;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <span className="copy-button">
      <button
        type="button"
        className={className}
        onClick={() => void copy(text).then((ok) => setState(ok ? 'copied' : 'failed'))}
      >
        {label}
      </button>
      <span role="status" className="copy-button__status">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Select the text and copy it' : ''}
      </span>
    </span>
  );
}
