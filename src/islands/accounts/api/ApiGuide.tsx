/** The sync recipe and the field reference of /my-account/api (the full reference is /api/link/docs). */

const FIELDS: Array<[string, string]> = [
  ['stock_code', 'Our stock number: the key to keep in your system.'],
  ['category', 'stone or parcel.'],
  ['origin', 'natural or lab_grown.'],
  ['shape, carat', 'Shape name; weight in carats (parcels: carat_from / carat_to).'],
  ['colour, clarity, cut, polish, symmetry, fluorescence', 'Grades; parcels give ranges as *_from / *_to.'],
  ['lab, certificate_number, certificate_url', 'Grading lab and certificate.'],
  ['measurements, depth_pct, table_pct', 'Millimetres and percentages.'],
  ['images, video, frames_360', 'Absolute media URLs.'],
  ['price', 'Decimal string with currency (ISO 4217) and unit (stone or carat). Retail keys: your markup.'],
  ['availability', 'available_now, available_later or on_demand: when the stone can be delivered.'],
  ['available', 'true when nobody holds the stone or keeps it in a request: it can be bought now.'],
  [
    'on_hold, held_by_you, hold_expires_at, reserved, reserved_for_you',
    'Trade and test keys only: holds and requests keeping the stone, and your own. Never sent to a retail key.',
  ],
  ['updated_at', 'ISO 8601 time in UTC, as every time in the API.'],
];

function SyncRecipe({ base }: { base: string }) {
  return (
    <section className="acc-card" aria-labelledby="api-sync-title">
      <h2 id="api-sync-title" className="acc-card__title">
        Keeping your stock in sync
      </h2>
      <ol className="acc-list api-steps">
        <li>
          <strong>Load everything once</strong> with <code>GET {base}/feed?format=json</code> (or csv / ndjson). Note
          the change sequence it reflects (a response header).
        </li>
        <li>
          <strong>Follow the changes</strong>: poll <code>GET {base}/changes?since=&lt;seq&gt;</code> every few minutes
          and apply added, updated, price_changed, availability_changed and removed events, or take them as webhooks. If
          the cursor is too old (410), load the feed again.
        </li>
        <li>
          <strong>Check at checkout</strong>: before you sell, ask <code>GET {base}/stones/&lt;stock_code&gt;</code> or
          up to 100 codes at once with <code>POST {base}/stones/availability</code>. A stone that left stock answers
          410.
        </li>
      </ol>
      <p className="acc-muted">
        Limits are announced on every answer in the <code>RateLimit-Policy</code> and <code>RateLimit</code> headers; a
        429 carries <code>Retry-After</code>. Full feed downloads have a tighter hourly limit; a 304 (ETag unchanged)
        costs nothing.
      </p>
    </section>
  );
}

function FieldReference() {
  return (
    <section className="acc-card" aria-labelledby="api-fields-title">
      <h2 id="api-fields-title" className="acc-card__title">
        Fields
      </h2>
      <dl className="acc-dl api-fields">
        {FIELDS.map(([name, text]) => (
          <div key={name} className="acc-dl__wide">
            <dt>
              <code>{name}</code>
            </dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <a className="link" href="/api/link/docs">
        Full reference (OpenAPI) <span className="arrow">→</span>
      </a>
    </section>
  );
}

export function ApiGuide({ base }: { base: string }) {
  return (
    <>
      <SyncRecipe base={base} />
      <FieldReference />
    </>
  );
}
