/**
 * The notes above the list: prices are for approved accounts (visitors, once rows show), the
 * list could not be loaded, and a change made before the full set arrived applies when it does.
 * While the island does not yet know who is looking (`unknown`), the visitors' note is drawn
 * for the CSS to show when the server said the viewer is a visitor (`html[data-viewer]`,
 * toolbar.css): it is in its place from the first paint.
 */
type Props = { visitor: boolean; unknown: boolean; error: string | null; failed: boolean; waiting: boolean };

export function ListNotices({ visitor, unknown, error, failed, waiting }: Props) {
  return (
    <>
      {(visitor || unknown) && (
        <div className={visitor ? 'cat-notice' : 'cat-notice cat-notice--early'} role="note">
          <p>
            <strong>Trade prices are reserved for approved accounts.</strong> Sign in or register your business to see
            prices, price per carat and availability.
          </p>
          <div className="cat-notice__actions">
            <button type="button" className="btn btn--small" data-account-entry data-account-dialog="login">
              Login
            </button>
            <a className="btn btn--ghost btn--small" href="/#register">
              Register
            </a>
          </div>
        </div>
      )}
      {failed && (
        <div className="cat-error" role="alert">
          <p>
            <strong>The stock list could not be loaded.</strong> {error}
          </p>
        </div>
      )}
      {waiting && !failed && (
        <p className="cat-pending" role="status">
          Loading the full stock list: your change applies as soon as it is here.
        </p>
      )}
    </>
  );
}
