/**
 * The texts a request's PDF confirmation prints, set by staff (Admin → Settings → Requests;
 * PUT /api/v1/admin/settings/request-terms): the terms of goods sent on memo, the terms of a
 * pro-forma invoice, and the wholesaler's details at the top (name, address, VAT and bank
 * details, several lines). One schema for the form and the API.
 */
import * as v from 'valibot';
import { BODY_MESSAGE, requiredText } from '../validation/fields.ts';

export const TERMS_TEXT_MAX = 2000;
export const WHOLESALER_MAX = 600;

export const RequestTermsSchema = v.object(
  {
    memo: requiredText('Please enter the memo terms', 'The memo terms', TERMS_TEXT_MAX),
    invoice: requiredText('Please enter the invoice terms', 'The invoice terms', TERMS_TEXT_MAX),
    wholesaler: requiredText('Please enter the wholesaler’s details', 'The wholesaler’s details', WHOLESALER_MAX),
  },
  BODY_MESSAGE,
);
export type RequestTermsText = v.InferOutput<typeof RequestTermsSchema>;

/** What the confirmation says while staff have not written their own. */
export const DEFAULT_REQUEST_TERMS: Omit<RequestTermsText, 'wholesaler'> = {
  memo: 'Goods sent on memo remain our property until paid for. Return or pay within 14 days of delivery.',
  invoice: 'Pro-forma invoice: payment due before dispatch, by bank transfer, quoting the request number.',
};
