/** One stone of a client page: photograph, name, grades, certificate link and the client price. */
import {
  clientPriceText,
  gradeRows,
  NO_LONGER_AVAILABLE,
  stoneHeading,
  type ClientStone,
} from '../../domain/client-pages/view.ts';

export function StoneCard({ stone }: { stone: ClientStone }) {
  const heading = stoneHeading(stone);
  return (
    <section className={`cp-card${stone.available ? '' : ' is-gone'}`} aria-label={heading}>
      <div className="cp-photo">
        <img src={stone.images[0]} alt={heading} loading="lazy" />
      </div>
      <div className="cp-body">
        <h2>{heading}</h2>
        <p className="cp-price">{stone.available ? clientPriceText(stone) : NO_LONGER_AVAILABLE}</p>
        <dl className="cp-grades">
          {gradeRows(stone).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {stone.certificateUrl && (
          <a className="cp-cert" href={stone.certificateUrl} target="_blank" rel="noopener noreferrer">
            View the {stone.lab || 'grading'} certificate (PDF)
          </a>
        )}
      </div>
    </section>
  );
}
