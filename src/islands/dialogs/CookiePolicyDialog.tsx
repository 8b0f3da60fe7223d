/**
 * "Our Cookie Policy": what cookies are, how they are used, disabling them, account, login and
 * preference cookies, third-party analytics, and the contact address. Back closes it.
 */
import { AT_BUILD } from '../ui/at-build.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useEffect } from 'react';
import { closeDialog } from '../../stores/dialog.ts';
import { $site, loadSite } from '../../stores/site.ts';
import { DialogFrame } from './DialogFrame.tsx';
import { contactEmail } from './site-blocks.ts';

export function CookiePolicyDialog() {
  useIslandStore($site, AT_BUILD.site);
  useEffect(() => void loadSite(), []);
  const email = contactEmail();
  return (
    <DialogFrame wide title="Our Cookie Policy" eyebrow="Privacy" onBack={closeDialog}>
      <div className="fx-prose">
        <section>
          <h3>What cookies are</h3>
          <p>
            Cookies are small text files a website stores in your browser so that it can remember you between pages and
            visits.
          </p>
        </section>
        <section>
          <h3>How we use cookies</h3>
          <p>
            We use as few as we can: to keep you signed in, to remember your preferences and to understand, in
            aggregate, how the site is used.
          </p>
        </section>
        <section>
          <h3>Disabling cookies</h3>
          <p>
            You can block or delete cookies in your browser settings. Without the account cookie you cannot sign in, and
            prices stay hidden.
          </p>
        </section>
        <section>
          <h3>Account and login cookies</h3>
          <p>
            When you sign in we set one secure, HttpOnly session cookie. It ends with your browser session, or lasts 365
            days if you tick Remember me. Signing out removes it.
          </p>
        </section>
        <section>
          <h3>Preference cookies</h3>
          <p>
            We remember that you have seen this notice, and your display choices such as the currency, so you are not
            asked again.
          </p>
        </section>
        <section>
          <h3>Third-party analytics</h3>
          <p>
            Analytics services may set their own cookies to count visits and see which pages are read; they receive no
            account details.
          </p>
        </section>
        <section>
          <h3>Contact</h3>
          <p>
            Questions about this policy: write to us at <a href={`mailto:${email}`}>{email}</a>.
          </p>
        </section>
      </div>
    </DialogFrame>
  );
}
