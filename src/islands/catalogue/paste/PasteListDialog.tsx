/**
 * "Paste a list" beside the code search: a dialog with a box for up to 500 stock codes and
 * certificate numbers, mixed (newlines, commas, semicolons, spaces or tabs between them). The
 * count and any problem (empty, too long) show as the list is typed; Look up sends it and the
 * page shows the answer (PasteResults). Visitors get the login dialog, returning here.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useMemo, useState } from 'react';
import { parsePastedList, PASTE_LIST_MAX } from '../../../domain/catalogue/paste-list.ts';
import { openDialog } from '../../../stores/dialog.ts';
import { lookUpList } from '../../../stores/paste-list.ts';

const here = () => `${window.location.pathname}${window.location.search}`;

export function PasteListDialog({ authorised }: { authorised: boolean }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const list = useMemo(() => parsePastedList(text), [text]);
  const hintId = useId();
  const errorId = useId();
  const showError = list.error != null && (tried || list.codes.length > PASTE_LIST_MAX);

  const submit = () => {
    setTried(true);
    if (list.error) return;
    void lookUpList(list.codes, list.duplicates);
    setOpen(false);
    setText('');
    setTried(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <button
        type="button"
        className="btn btn--ghost btn--small cat-paste-open"
        aria-haspopup="dialog"
        onClick={() => (authorised ? setOpen(true) : openDialog('login', { returnTo: here() }))}
      >
        Paste a list
      </button>
      <Dialog.Portal>
        <Dialog.Overlay className="cat-q-overlay" />
        <Dialog.Content className="cat-q cat-paste">
          <Dialog.Title className="cat-q__title">Paste a list</Dialog.Title>
          <Dialog.Description className="cat-q__text">
            Stock codes and certificate numbers, mixed, up to {PASTE_LIST_MAX}: one a line, or between commas, spaces or
            tabs.
          </Dialog.Description>
          <form
            className="cat-paste__form"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <label htmlFor="cat-paste-text" className="cat-paste__label">
              Codes and certificate numbers
            </label>
            <textarea
              id="cat-paste-text"
              className="input cat-paste__text"
              rows={8}
              value={text}
              spellCheck={false}
              autoComplete="off"
              aria-describedby={showError ? `${hintId} ${errorId}` : hintId}
              aria-invalid={showError || undefined}
              onChange={(e) => setText(e.target.value)}
            />
            <p id={hintId} className="cat-paste__hint">
              {list.codes.length} {list.codes.length === 1 ? 'code' : 'codes'}
              {list.duplicates > 0 && `, ${list.duplicates} repeated left out`}
            </p>
            {showError && (
              <p id={errorId} className="cat-paste__error" role="alert">
                {list.error}
              </p>
            )}
            <div className="cat-q__actions">
              <Dialog.Close className="btn btn--ghost btn--small">Cancel</Dialog.Close>
              <button type="submit" className="btn btn--small">
                Look up
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
