/**
 * A trade request's lifecycle, the one home of its rules (browser and server):
 *
 *   submitted -> in_review -> confirmed | declined
 *   confirmed -> shipped (with a carrier reference) -> completed, or returned (memo only)
 *   cancelled: by the buyer before confirmation, by staff at any time before shipping
 *
 * Lines are answered by staff while the request is in review: confirmed (the stone is
 * reserved for the buyer), unavailable, or an alternative stone offered (the buyer accepts
 * or refuses it; an accepted alternative is reserved instead). Declined, cancelled and
 * returned requests free every stone they reserved.
 */
export const REQUEST_STATES = [
  'submitted',
  'in_review',
  'confirmed',
  'declined',
  'shipped',
  'completed',
  'returned',
  'cancelled',
] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

export const REQUEST_TERMS = ['memo', 'invoice'] as const;
export type RequestTerms = (typeof REQUEST_TERMS)[number];

export const LINE_ANSWERS = ['pending', 'confirmed', 'unavailable', 'alternative'] as const;
export type LineAnswer = (typeof LINE_ANSWERS)[number];
export const ALTERNATIVE_REPLIES = ['accepted', 'refused'] as const;
export type AlternativeReply = (typeof ALTERNATIVE_REPLIES)[number];

export type RequestActor = 'buyer' | 'staff';

/** Who may move a request from one state to another (terms matter for returns). */
const MOVES: Record<RequestState, Partial<Record<RequestState, readonly RequestActor[]>>> = {
  submitted: { in_review: ['staff'], cancelled: ['buyer', 'staff'] },
  in_review: { confirmed: ['staff'], declined: ['staff'], cancelled: ['buyer', 'staff'] },
  confirmed: { shipped: ['staff'], cancelled: ['staff'] },
  shipped: { completed: ['staff'], returned: ['staff'] },
  declined: {},
  completed: {},
  returned: {},
  cancelled: {},
};

export type Transition = { from: RequestState; to: RequestState; by: RequestActor; terms: RequestTerms };

/** null when the move is allowed, else the reason (an error code the API answers with 409). */
export function transitionError(t: Transition): string | null {
  if (t.from === t.to) return 'same_state';
  const who = MOVES[t.from]?.[t.to]; // a state this code does not know (an older row) moves nowhere
  if (!who) return 'illegal_transition';
  if (!who.includes(t.by)) return 'not_allowed_for_you';
  if (t.to === 'returned' && t.terms !== 'memo') return 'returns_need_memo';
  return null;
}

/** The states one actor may move a request to from here (the screens offer these buttons). */
export function nextStates(from: RequestState, by: RequestActor, terms: RequestTerms): RequestState[] {
  return REQUEST_STATES.filter((to) => transitionError({ from, to, by, terms }) === null);
}

/** States in which the stones of confirmed lines stay reserved. */
export const HOLDS_RESERVATIONS: readonly RequestState[] = [
  'submitted',
  'in_review',
  'confirmed',
  'shipped',
  'completed',
];
/** Moving into one of these frees every reservation of the request. */
export const FREES_RESERVATIONS: readonly RequestState[] = ['declined', 'cancelled', 'returned'];

/** Staff answer lines (and may change the terms) only while the request is in review. */
export const canAnswerLines = (s: RequestState): boolean => s === 'in_review';
/** The buyer answers an offered alternative while the request is in review. */
export const canReplyToAlternative = (s: RequestState): boolean => s === 'in_review';
/** Messages are open until the request is closed for good. */
export const canMessage = (s: RequestState): boolean => !['completed', 'returned', 'cancelled', 'declined'].includes(s);
/** A confirmation document exists once the request is confirmed (and stays through shipping). */
export const hasConfirmation = (s: RequestState): boolean =>
  ['confirmed', 'shipped', 'completed', 'returned'].includes(s);

export type LineForConfirm = { answer: LineAnswer; reply: AlternativeReply | null };

export type ConfirmRefusal = 'lines_unanswered' | 'alternative_awaits_buyer' | 'nothing_confirmed';

/** Why a request cannot be confirmed yet, in words: the server's 409 and the staff desk say the same. */
export const CONFIRM_REFUSALS: Record<ConfirmRefusal, { button: string; sentence: string }> = {
  lines_unanswered: {
    button: 'Confirm after answering every line',
    sentence: 'Every line needs an answer (confirmed, unavailable or an alternative) before the request is confirmed.',
  },
  alternative_awaits_buyer: {
    button: "Confirm after the buyer's answer",
    sentence: 'An offered alternative waits for the buyer to accept or refuse it; the request is confirmed after that.',
  },
  nothing_confirmed: {
    button: 'Nothing to confirm',
    sentence: 'No line is kept (none confirmed, no alternative accepted): decline the request instead.',
  },
};

/** null when the request may be confirmed: no line waits for staff or the buyer, one line is kept. */
export function confirmError(lines: readonly LineForConfirm[]): ConfirmRefusal | null {
  if (lines.some((l) => l.answer === 'pending')) return 'lines_unanswered';
  if (lines.some((l) => l.answer === 'alternative' && l.reply == null)) return 'alternative_awaits_buyer';
  const kept = lines.filter((l) => l.answer === 'confirmed' || (l.answer === 'alternative' && l.reply === 'accepted'));
  if (kept.length === 0) return 'nothing_confirmed';
  return null;
}

/** Whether a line's stone (or its accepted alternative) is part of what the buyer gets. */
export const lineKept = (l: LineForConfirm): boolean =>
  l.answer === 'confirmed' || (l.answer === 'alternative' && l.reply === 'accepted');

/** Today's staff words on requests sent before the lifecycle, mapped onto it. */
export const LEGACY_STATUS: Record<string, RequestState> = {
  new: 'submitted',
  in_progress: 'in_review',
  completed: 'completed',
  cancelled: 'cancelled',
};

export type LineForTotal = LineForConfirm & { itemPriceCents: number | null; altPriceCents: number | null };

/**
 * What a line costs the buyer now, in the request's minor units: its own price until staff
 * answer; the alternative's once accepted; nothing when unavailable or refused. null = N/A.
 */
export function lineAmountCents(l: LineForTotal): number | null {
  if (l.answer === 'unavailable') return 0;
  if (l.answer === 'alternative') return l.reply === 'accepted' ? l.altPriceCents : 0;
  return l.itemPriceCents;
}

/** The request's total now (null = N/A when any counted line is priced by items). */
export function requestTotalCents(lines: readonly LineForTotal[]): number | null {
  let total = 0;
  for (const l of lines) {
    const n = lineAmountCents(l);
    if (n == null) return null;
    total += n;
  }
  return total;
}
