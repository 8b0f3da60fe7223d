/**
 * Editable content, once the page is painted: visitors and customers load nothing more; staff
 * ($isStaff) get the editor (a separate chunk) with Edit controls on every [data-block].
 */
import { $isStaff, loadSession } from '../../stores/session.ts';

let started = false;
$isStaff.subscribe((staff) => {
  if (!staff || started) return;
  started = true;
  void import('./editor.ts').then((m) => m.startEditor());
});
void loadSession();
