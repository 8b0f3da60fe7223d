/**
 * The answer to a code-search question (QuestionDialog): applied to the list state, and when
 * a signed-in user ticks "remember", saved to their dialog settings (PATCH
 * /profile/updateDialogSettings), then the session reloads so the setting follows them.
 */
import { useCallback, type Dispatch } from 'react';
import type { ListState } from '../../domain/catalogue/index.ts';
import { call, client } from '../../lib/api.ts';
import { loadSession } from '../../stores/session.ts';
import type { Action } from './useListState.ts';

export function useQuestionAnswer(question: ListState['question'], authorised: boolean, dispatch: Dispatch<Action>) {
  return useCallback(
    (yes: boolean, remember: boolean) => {
      dispatch({ type: 'answer', yes, remember });
      if (question && remember && authorised) {
        const json = { settingName: question.kind, settingValue: yes ? ('yes' as const) : ('no' as const) };
        call(client.profile.updateDialogSettings.$patch({ json }))
          .then(() => loadSession(true))
          .catch(() => {}); // the choice still holds for this visit
      }
    },
    [question, authorised, dispatch],
  );
}
