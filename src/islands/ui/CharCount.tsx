/**
 * 'n / max' under a long text field (a counter that turns to an error at the limit). The field
 * itself carries maxLength, so typing stops at the limit instead of being refused on submit
 *. Link it with aria-describedby={id}.
 */
import './char-count.css';

export function CharCount({ id, length, max }: { id: string; length: number; max: number }) {
  const full = length >= max;
  return (
    <p id={id} className={`char-count${full ? ' is-full' : ''}`} data-char-count>
      <span className="num">
        {length} / {max}
      </span>
      {full && <span className="char-count__note"> characters: the limit</span>}
    </p>
  );
}
