/** Examples in the API Link document: what generated clients, fuzzers and readers are shown. */

const at = '2026-05-04T09:30:00.000Z';

export const STONE_EXAMPLE = {
  category: 'stone',
  stock_code: 'FT-10482',
  origin: 'natural',
  shape: 'round',
  carat: 1.01,
  lab: 'GIA',
  certificate_number: '2215487930',
  certificate_url: 'https://facet.example/uploads/certs/FT-10482.pdf',
  measurements: { length_mm: 6.42, width_mm: 6.45, depth_mm: 3.98 },
  depth_pct: 61.8,
  table_pct: 57,
  crown_pct: 15,
  pavilion_pct: 43,
  girdle_pct: 3,
  culet: null,
  description: '1.01 ct round, G VS1, excellent cut',
  comments: '',
  media: { images: ['https://facet.example/uploads/FT-10482/1.jpg'], videos: [], spin_360: null },
  price: { amount: '6840.00', currency: 'USD', unit: 'stone' },
  rap_pct: -27.3,
  availability: 'available_now',
  available: true,
  on_hold: false,
  held_by_you: false,
  hold_expires_at: null,
  reserved: false,
  reserved_for_you: false,
  created_at: at,
  updated_at: at,
  colour: 'G',
  clarity: 'VS1',
  cut: 'EX',
  polish: 'EX',
  symmetry: 'EX',
  fluorescence: 'None',
};

export const GONE_EXAMPLE = {
  errors: { msg: 'stone_gone', options: { stock_code: 'FT-10301', gone_at: at } },
};

const KEPT = { on_hold: false, held_by_you: false, hold_expires_at: null, reserved: false, reserved_for_you: false };
const GONE = { available: false, ...KEPT };

export const AVAILABILITY_EXAMPLE = {
  data: [
    {
      stock_code: 'FT-10482',
      status: 'in_stock',
      availability: 'available_now',
      price: STONE_EXAMPLE.price,
      gone_at: null,
      ...KEPT,
      available: false,
      reserved: true,
    },
    { stock_code: 'FT-10301', status: 'gone', availability: null, price: null, gone_at: at, ...GONE },
    { stock_code: 'FT-00000', status: 'unknown', availability: null, price: null, gone_at: null, ...GONE },
  ],
};

/** Two events of GET /changes/stream (each `data` is one /changes event), then a heartbeat. */
export const CHANGE_STREAM_EXAMPLE = [
  `id: 8121\nevent: change\ndata: ${JSON.stringify({ seq: 8121, type: 'price_changed', stock_code: 'FT-10482', fields: ['price'], at })}\n`,
  `id: 8122\nevent: change\ndata: ${JSON.stringify({ seq: 8122, type: 'availability_changed', stock_code: 'FT-10301', fields: ['on_hold'], at })}\n`,
  ': ping\n',
].join('\n');

export const CHANGES_EXAMPLE = {
  data: [
    { seq: 8121, type: 'price_changed', stock_code: 'FT-10482', fields: ['price'], at },
    { seq: 8122, type: 'removed', stock_code: 'FT-10301', fields: [], at },
  ],
  next_since: 8122,
  has_more: false,
};
