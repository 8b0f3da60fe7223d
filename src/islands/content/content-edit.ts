/**
 * Entry for editable content on any page: visitors and customers load nothing more; staff
 * ($isStaff) get the editor (a separate chunk) with Edit controls on every [data-block].
 * Include it with <EditableContent /> (src/islands/content/EditableContent.astro).
 */
import { $isStaff, loadSession } from '../../stores/session.ts';

let started = false;
$isStaff.subscribe((staff) => {
  if (!staff || started) return;
  started = true;
  void import('./editor.ts').then((m) => m.startEditor());
});
void loadSession();
