/**
 * The list's two questions: 'Reset Filters' (searching while filters are set) and 'Clear your
 * code' (choosing a shape or lab while a code search is set). Yes / No, with "Remember my
 * choice" (signed-in users: saved as the resetFilters / resetSearch preference). Closing
 * without an answer counts as No (nothing is thrown away).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import type { Question } from '../../domain/catalogue/index.ts';

type Props = { question: Question | null; canRemember: boolean; onAnswer: (yes: boolean, remember: boolean) => void };

const TEXT: Record<Question['kind'], string> = {
  resetFilters: 'You have filters set. Reset them and search the whole stock for this code?',
  resetSearch: 'A stock code search is active. Clear it so your new choice applies to the whole stock?',
};

export function QuestionDialog({ question, canRemember, onAnswer }: Props) {
  const [remember, setRemember] = useState(false);
  const answer = (yes: boolean) => {
    onAnswer(yes, canRemember && remember);
    setRemember(false);
  };
  return (
    <Dialog.Root open={question != null} onOpenChange={(open) => !open && answer(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="cat-q-overlay" />
        <Dialog.Content className="cat-q">
          <Dialog.Title className="cat-q__title">{question?.title}</Dialog.Title>
          <Dialog.Description className="cat-q__text">{question ? TEXT[question.kind] : ''}</Dialog.Description>
          {canRemember && (
            <label className="cat-q__remember">
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
              Remember my choice
            </label>
          )}
          <div className="cat-q__actions">
            <button type="button" className="btn btn--ghost btn--small" onClick={() => answer(false)}>
              No
            </button>
            <button type="button" className="btn btn--small" onClick={() => answer(true)}>
              Yes
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
