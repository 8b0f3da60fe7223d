/**
 * The site's typefaces for the PDFs the server makes: Cormorant Garamond (headings) and Inter
 * (text), as TrueType from the @expo-google-fonts packages (jspdf embeds TTF, not the woff2 the
 * site serves). Read once per process, embedded (subset by jspdf) in each document.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { jsPDF } from 'jspdf';

const FILES = [
  ['Cormorant', 'normal', '@expo-google-fonts/cormorant-garamond/500Medium/CormorantGaramond_500Medium.ttf'],
  ['Cormorant', 'bold', '@expo-google-fonts/cormorant-garamond/600SemiBold/CormorantGaramond_600SemiBold.ttf'],
  ['Inter', 'normal', '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'],
  ['Inter', 'bold', '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf'],
] as const;

export type PdfFont = (typeof FILES)[number][0];

let loaded: { family: string; style: string; file: string; base64: string }[] | null = null;

function fonts() {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  loaded = FILES.map(([family, style, path]) => ({
    family,
    style,
    file: path.split('/').pop()!,
    base64: readFileSync(require.resolve(path)).toString('base64'),
  }));
  return loaded;
}

/** Embeds the site's typefaces in `doc` (families 'Cormorant' and 'Inter', normal and bold). */
export function useSiteFonts(doc: jsPDF): void {
  for (const f of fonts()) {
    doc.addFileToVFS(f.file, f.base64);
    doc.addFont(f.file, f.family, f.style);
  }
}
