/** Examples of the request calls in the API Link document. */

const sent = '2026-05-04T09:30:00.000Z';
const reviewed = '2026-05-04T11:05:00.000Z';

export const REQUEST_BODY_EXAMPLE = {
  lines: [{ stock_code: 'FT-10482' }, { stock_code: 'FP-2210', unit: 'weight', quantity: 2.5 }],
  terms: 'memo',
  notes: 'For a client viewing on Friday',
  accepts_alternatives: true,
  currency: 'USD',
};

export const REQUEST_EXAMPLE = {
  id: 318,
  state: 'in_review',
  terms: 'memo',
  currency: 'USD',
  exchange_rate: 1,
  notes: 'For a client viewing on Friday',
  accepts_alternatives: true,
  carrier_reference: null,
  total_sent: { amount: '7215.00', currency: 'USD' },
  total: { amount: '7215.00', currency: 'USD' },
  created_at: sent,
  updated_at: reviewed,
  lines: [
    {
      id: 901,
      stock_code: 'FT-10482',
      category: 'stone',
      description: '1.01 ct round, G VS1, excellent cut',
      unit: 'weight',
      quantity: 1,
      accepts_alternatives: true,
      price_per_carat: { amount: '6772.28', currency: 'USD' },
      price: { amount: '6840.00', currency: 'USD' },
      answer: 'confirmed',
      alternative: null,
      reserved: true,
      amount: { amount: '6840.00', currency: 'USD' },
    },
    {
      id: 902,
      stock_code: 'FP-2210',
      category: 'parcel',
      description: 'Melee 0.01-0.02 ct, F-G VS',
      unit: 'weight',
      quantity: 2.5,
      accepts_alternatives: true,
      price_per_carat: { amount: '150.00', currency: 'USD' },
      price: { amount: '375.00', currency: 'USD' },
      answer: 'pending',
      alternative: null,
      reserved: false,
      amount: { amount: '375.00', currency: 'USD' },
    },
  ],
  timeline: [
    {
      at: sent,
      who: 'Ada Stone',
      actor: 'buyer',
      kind: 'created',
      from: null,
      to: 'submitted',
      what: 'Request sent on memo terms (2 items) via API Link (key “Shop sync”)',
    },
    {
      at: reviewed,
      who: 'Facet Trade staff',
      actor: 'staff',
      kind: 'state',
      from: 'submitted',
      to: 'in_review',
      what: 'Submitted → In review',
    },
  ],
  messages: [],
};

export const REQUESTS_PAGE_EXAMPLE = {
  data: [
    {
      id: 318,
      state: 'in_review',
      terms: 'memo',
      currency: 'USD',
      line_count: 2,
      total_sent: { amount: '7215.00', currency: 'USD' },
      total: { amount: '7215.00', currency: 'USD' },
      created_at: sent,
      updated_at: reviewed,
    },
  ],
  next_cursor: 'cjozMTg',
};
