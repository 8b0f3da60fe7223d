/**
 * Stock rows -> the API's DiamondDoc (spec field names, major currency units).
 * `authorised` false drops price, ppc, ExWebTotal, RAP, priceOrig and availability;
 * a special offer keeps only its WebSpecial price. `toPriceFreeDoc` drops that too: the one
 * view of a stone for pages read outside the trade (client pages, shared compare).
 */
import type { Diamond } from '../../../db/tables.ts';
import {
  PRICE_FIELDS,
  shapeImage,
  type DiamondDoc,
  type PriceFreeDoc,
  type Range,
} from '../../../src/domain/diamond.ts';

const major = (cents: number | null): number | null => (cents == null ? null : cents / 100);

function range(from: string | null, to: string | null, fromRank: number | null, toRank: number | null): Range | null {
  if (from == null || fromRank == null) return null;
  return { From: from, To: to ?? from, rank: [fromRank, toRank ?? fromRank] };
}

function sizeRange(from: number | null, to: number | null): Range | null {
  if (from == null) return null;
  const upper = to ?? from;
  return { From: from.toFixed(2), To: upper.toFixed(2), rank: [from, upper] };
}

const mm = (n: number | null) => (n == null ? '' : n.toFixed(2));

export function toDiamondDoc(d: Diamond, authorised: boolean): DiamondDoc {
  const special = d.webSpecialCents > 0;
  const doc: DiamondDoc = {
    _id: d.id,
    StkCodeCalcNS: d.stockCode,
    StkShape: d.shape,
    StkCatType: d.catType,
    StkCatName: d.catName,
    Source: d.source,
    StkDesc: d.description,
    STWeight: d.weight,
    Size: sizeRange(d.sizeFrom, d.sizeTo),
    Sieve: d.sieve,
    Colour: range(d.colourFrom, d.colourTo, d.colourFromRank, d.colourToRank),
    Clarity: range(d.clarityFrom, d.clarityTo, d.clarityFromRank, d.clarityToRank),
    Cut: range(d.cutFrom, d.cutTo, d.cutFromRank, d.cutToRank),
    Polish: range(d.polishFrom, d.polishTo, d.polishFromRank, d.polishToRank),
    Symmetry: range(d.symmetryFrom, d.symmetryTo, d.symmetryFromRank, d.symmetryToRank),
    flourecence: range(d.fluorescenceFrom, d.fluorescenceTo, d.fluorescenceFromRank, d.fluorescenceToRank),
    StkCertSup: d.certLab,
    StkCertNo: d.certNumber,
    WebSpecial: special ? d.webSpecialCents / 100 : 0,
    specialOffer: special,
    StkDepth_Total: d.depthTotal,
    StkTable: d.tablePct,
    StkCulet: d.culet,
    StkDepth_Crown: d.depthCrown,
    StkDepth_Girdle: d.depthGirdle,
    StkDepth_Pavilion: d.depthPavilion,
    StkMes1: d.mes1,
    StkMes2: d.mes2,
    StkMes3: d.mes3,
    Stk_Mes_Concat: d.mes1 == null ? '' : [d.mes1, d.mes2, d.mes3].map(mm).join(' x '),
    Comments: d.comments,
    createdAt: d.createdAt.toISOString(),
    img: shapeImage(d.shape, d.catType),
    imgSide: shapeImage(d.shape, d.catType, 'side'),
  };
  if (authorised) {
    doc.price = major(d.priceCents);
    doc.priceOrig = major(d.priceCents);
    doc.ppc = major(d.ppcCents);
    doc.ExWebTotal = major(d.exWebTotalCents);
    doc.RAP = d.rap;
    doc.StkWebAvailable = d.availability === 2 || d.availability === 3 ? d.availability : 1;
  }
  return doc;
}

/** The visitor's doc without any price, the special-offer price included (see PriceFreeDoc). */
export function toPriceFreeDoc(d: Diamond): PriceFreeDoc {
  const doc: Partial<DiamondDoc> = toDiamondDoc(d, false);
  for (const field of PRICE_FIELDS) delete doc[field];
  delete doc.specialOffer;
  return doc as PriceFreeDoc;
}
