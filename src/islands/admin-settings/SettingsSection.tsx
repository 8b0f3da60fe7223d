/** The admin 'Settings' section: the catalogue's settings forms (for now, Diamonds Availability). */
import AvailabilitySettings from './AvailabilitySettings.tsx';

export default function SettingsSection() {
  return (
    <section aria-labelledby="adm-settings">
      <header className="adm-head">
        <h1 id="adm-settings">Settings</h1>
        <p className="adm-muted">The wording customers see for stock availability.</p>
      </header>
      <AvailabilitySettings />
    </section>
  );
}
