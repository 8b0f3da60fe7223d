import { describe, expect, it } from 'vitest';
import {
  confirmError,
  requestTotalCents,
  nextStates,
  REQUEST_STATES,
  transitionError,
  type RequestActor,
  type RequestState,
  type RequestTerms,
} from '../../../src/domain/trade/request-lifecycle.ts';

/** Every legal move: [from, to, who, terms]. Everything else must be refused. */
const LEGAL: [RequestState, RequestState, RequestActor, RequestTerms | 'any'][] = [
  ['submitted', 'in_review', 'staff', 'any'],
  ['submitted', 'cancelled', 'buyer', 'any'],
  ['submitted', 'cancelled', 'staff', 'any'],
  ['in_review', 'confirmed', 'staff', 'any'],
  ['in_review', 'declined', 'staff', 'any'],
  ['in_review', 'cancelled', 'buyer', 'any'],
  ['in_review', 'cancelled', 'staff', 'any'],
  ['confirmed', 'shipped', 'staff', 'any'],
  ['confirmed', 'cancelled', 'staff', 'any'],
  ['shipped', 'completed', 'staff', 'any'],
  ['shipped', 'returned', 'staff', 'memo'],
];

const isLegal = (from: RequestState, to: RequestState, by: RequestActor, terms: RequestTerms) =>
  LEGAL.some(([f, t, b, tm]) => f === from && t === to && b === by && (tm === 'any' || tm === terms));

describe('request lifecycle', () => {
  for (const from of REQUEST_STATES)
    for (const to of REQUEST_STATES)
      for (const by of ['buyer', 'staff'] as const)
        for (const terms of ['memo', 'invoice'] as const) {
          const legal = isLegal(from, to, by, terms);
          it(`${by} ${from} -> ${to} on ${terms}: ${legal ? 'allowed' : 'refused'}`, () => {
            const err = transitionError({ from, to, by, terms });
            if (legal) expect(err).toBeNull();
            else expect(err).toEqual(expect.any(String));
          });
        }

  it('names why a move is refused', () => {
    expect(transitionError({ from: 'confirmed', to: 'cancelled', by: 'buyer', terms: 'memo' })).toBe(
      'not_allowed_for_you',
    );
    expect(transitionError({ from: 'shipped', to: 'returned', by: 'staff', terms: 'invoice' })).toBe(
      'returns_need_memo',
    );
    expect(transitionError({ from: 'shipped', to: 'cancelled', by: 'staff', terms: 'memo' })).toBe(
      'illegal_transition',
    );
    expect(transitionError({ from: 'submitted', to: 'submitted', by: 'staff', terms: 'memo' })).toBe('same_state');
  });

  it('offers each actor only its own next states', () => {
    expect(nextStates('submitted', 'buyer', 'memo')).toEqual(['cancelled']);
    expect(nextStates('in_review', 'staff', 'invoice')).toEqual(['confirmed', 'declined', 'cancelled']);
    expect(nextStates('shipped', 'staff', 'memo')).toEqual(['completed', 'returned']);
    expect(nextStates('shipped', 'staff', 'invoice')).toEqual(['completed']);
    for (const end of ['declined', 'completed', 'returned', 'cancelled'] as const)
      expect(nextStates(end, 'staff', 'memo')).toEqual([]);
  });

  it('confirms only when every line is answered and one is kept', () => {
    expect(confirmError([{ answer: 'pending', reply: null }])).toBe('lines_unanswered');
    expect(confirmError([{ answer: 'alternative', reply: null }])).toBe('alternative_awaits_buyer');
    expect(confirmError([{ answer: 'unavailable', reply: null }])).toBe('nothing_confirmed');
    expect(confirmError([{ answer: 'alternative', reply: 'refused' }])).toBe('nothing_confirmed');
    expect(
      confirmError([
        { answer: 'alternative', reply: 'accepted' },
        { answer: 'unavailable', reply: null },
      ]),
    ).toBeNull();
    expect(confirmError([{ answer: 'confirmed', reply: null }])).toBeNull();
  });
});

describe('request totals', () => {
  const line = (over: Partial<Parameters<typeof requestTotalCents>[0][number]>) => ({
    answer: 'pending' as const,
    reply: null,
    itemPriceCents: 1000,
    altPriceCents: null,
    ...over,
  });
  it('count the stone until answered, the accepted alternative, nothing for unavailable or refused', () => {
    expect(
      requestTotalCents([
        line({}),
        line({ answer: 'confirmed' }),
        line({ answer: 'unavailable' }),
        line({ answer: 'alternative', altPriceCents: 700, reply: 'accepted' }),
        line({ answer: 'alternative', altPriceCents: 900, reply: 'refused' }),
      ]),
    ).toBe(2700);
    expect(requestTotalCents([line({ itemPriceCents: null })])).toBeNull();
  });
});
