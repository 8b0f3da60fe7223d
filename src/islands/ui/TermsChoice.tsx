/**
 * "Send the goods on": memo (on approval) or invoice, the one choice every request form asks
 * (the bag page, a hold turned into a request).
 */
import { useId } from 'react';
import type { RequestTerms } from '../../domain/trade/request-lifecycle.ts';
import './terms-choice.css';

const CHOICES: { value: RequestTerms; label: string }[] = [
  { value: 'memo', label: 'Memo (on approval)' },
  { value: 'invoice', label: 'Invoice' },
];

export function TermsChoice({ value, onChange }: { value: RequestTerms; onChange: (t: RequestTerms) => void }) {
  const name = useId();
  return (
    <fieldset className="terms-choice">
      <legend className="field__label">Send the goods on</legend>
      {CHOICES.map((c) => (
        <label key={c.value} className="terms-choice__option">
          <input type="radio" name={name} checked={value === c.value} onChange={() => onChange(c.value)} />
          <span>{c.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
