/**
 * The hand-over of the list's first rows (address-page.ts): for any address, the page the server
 * draws into the HTML is the page the island shows, in the same order. The island's side is
 * followed as useListState and useResults do it: the address read once the bounds are known,
 * its route intent applied (a shape or specials at once, the lab-grown tab after its delay),
 * then before the full set the server's page stands only while the addresses agree, and once
 * the set is here the island cuts its own page from it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressPage, listRows, pageOfRows } from '../../../src/domain/catalogue/address-page.ts';
import { addressOf, stateFromAddress } from '../../../src/domain/catalogue/address.ts';
import {
  LAB_GROWN_TAB,
  listReducer,
  prepareCatalogue,
  SORT_COLUMNS,
  type CatalogueIndex,
} from '../../../src/domain/catalogue/index.ts';
import { COLOURS } from '../../../src/domain/grades.ts';
import { asVisitor, labGrown, parcel, RATES, stone } from './factory.ts';

const SHAPES = ['Round', 'Oval', 'Pear', 'Emerald', 'Princess'];
function stock() {
  const docs = [];
  for (let i = 0; i < 240; i++) {
    const over = {
      StkShape: SHAPES[i % SHAPES.length]!,
      STWeight: 0.3 + ((i * 37) % 50) / 10,
      colour: COLOURS[(i * 7) % COLOURS.length]!,
      price: 500 + ((i * 7919) % 20000),
      WebSpecial: i % 9 === 0 ? 400 : 0,
      // ties on purpose: the order between equal values must agree too
      RAP: i % 3 === 0 ? 30 : 20 + (i % 17),
    };
    docs.push(i % 6 === 0 ? labGrown(over) : i % 11 === 0 ? parcel({ StkShape: 'Round', ppc: 400 + i }) : stone(over));
  }
  return docs;
}
const DOCS = stock();
const INDEX = {
  trade: prepareCatalogue(DOCS, { ccy: 'GBP', rates: RATES }),
  visitor: prepareCatalogue(DOCS.map(asVisitor), null),
};

const PATHS = [
  '/diamonds/all',
  '/diamonds',
  '/diamonds/all/lab-grown',
  '/diamonds/all/specials',
  '/diamonds/all/oval',
  '/diamonds/pear',
];
const param = (key: string, value: fc.Arbitrary<string>) =>
  fc.option(
    value.map((v) => `${key}=${encodeURIComponent(v)}`),
    { nil: undefined },
  );
const search = fc
  .tuple(
    param('tab', fc.constantFrom('2', '3', '9')),
    param('page', fc.constantFrom('1', '2', '3', '40', 'x')),
    param('size', fc.constantFrom('25', '50', '100', '7')),
    param(
      'sort',
      fc.tuple(fc.constantFrom(...SORT_COLUMNS), fc.boolean()).map(([c, d]) => (d ? `-${c}` : c)),
    ),
    param(
      'shape',
      fc.subarray(['round', 'oval', 'pear', 'cushion']).map((s) => s.join(',')),
    ),
    param('wt', fc.constantFrom('0.5-2', '1-4.5', '3-3')),
    param('col', fc.constantFrom('D-G', 'F-K', 'H-H')),
    param('special', fc.constantFrom('1', '0')),
    param('q', fc.constantFrom('FT0', '12', 'nothing')),
  )
  .map((parts) => {
    const q = parts.filter(Boolean).join('&');
    return q ? `?${q}` : '';
  });

/** What the island shows for an address: its state after reading it, as useListState settles it. */
function islandState(ix: CatalogueIndex, path: string, query: string, width: number, authorised: boolean) {
  const read = stateFromAddress(
    { pathname: path, search: query },
    { bounds: ix.bounds },
    {
      width,
      authorised,
      dialogSettings: {},
    },
  );
  const { intent } = read;
  if (intent.kind === 'specials' || intent.kind === 'shape')
    return listReducer(read.state, { type: 'route', page: intent.kind === 'shape' ? intent.shape : 'specials' });
  if (intent.kind === 'lab-grown') return listReducer(read.state, { type: 'tab', tab: LAB_GROWN_TAB });
  return read.state;
}

describe('the first rows hand-over', () => {
  it('the server draws the rows the island shows, in the same order, and the island takes them over', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PATHS),
        search,
        fc.constantFrom(390, 1024, 1440),
        fc.boolean(),
        (path, query, width, authorised) => {
          const ix = INDEX[authorised ? 'trade' : 'visitor'];
          const server = addressPage(ix, { path, search: query, width, authorised });
          const s = islandState(ix, path, query, width, authorised);
          // before the full set: useResults shows the server's page only when the addresses agree
          expect(addressOf(s, width)).toBe(server.address);
          expect(s.tab).toBe(server.state.tab);
          // once the set is here: the island's own page is the same rows in the same order
          const island = pageOfRows(listRows(ix, s, authorised), s);
          expect([...island.rows]).toEqual([...server.rows]);
          expect({ total: island.total, page: island.page, pages: island.pages }).toEqual({
            total: server.total,
            page: server.page,
            pages: server.pages,
          });
          // a change made before the set arrives asks the server for its address: the answer holds
          expect(addressPage(ix, { ...splitAddress(server.address), width, authorised }).address).toBe(server.address);
        },
      ),
      { numRuns: 300 },
    );
  });
});

function splitAddress(address: string) {
  const u = new URL(address, 'http://list');
  return { path: u.pathname, search: u.search };
}
