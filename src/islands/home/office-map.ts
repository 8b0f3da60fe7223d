/**
 * The office map under the home contact section: with a maps key (MAPS_API_KEY at build
 * time, in data-map-key) the maps script is loaded through the loader once the map comes
 * near the viewport, and a map (zoom 15, one marker) replaces the fallback; without a key,
 * or when loading fails, the fallback with the office address stays.
 */
import { createMapLoader } from './map-loader.ts';

type LatLng = { lat: number; lng: number };
type MapsApi = {
  maps: {
    Map: new (el: HTMLElement, o: { center: LatLng; zoom: number; disableDefaultUI?: boolean }) => unknown;
    Marker: new (o: { position: LatLng; map: unknown; title?: string }) => unknown;
  };
};

const box = document.querySelector<HTMLElement>('[data-office-map]');
const key = box?.dataset.mapKey ?? '';

if (box && key) {
  const loader = createMapLoader();
  loader.onState((s) => (box.dataset.mapState = s));
  const center = { lat: Number(box.dataset.lat), lng: Number(box.dataset.lng) };
  const zoom = Number(box.dataset.zoom) || 15;
  const start = () =>
    loader
      .load({ key, libraries: ['places'] })
      .then(() => {
        const google = (window as unknown as { google?: MapsApi }).google;
        const canvas = box.querySelector<HTMLElement>('[data-map-canvas]');
        if (!google || !canvas) throw new Error('maps api missing');
        const map = new google.maps.Map(canvas, { center, zoom, disableDefaultUI: true });
        new google.maps.Marker({ position: center, map, title: box.dataset.title });
        box.classList.add('has-map');
      })
      .catch((err: unknown) => {
        box.dataset.mapState = 'failure';
        console.error('[map] failed to load', err);
      });
  const io = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        void start();
      }
    },
    { rootMargin: '400px' },
  );
  io.observe(box);
} else if (box) {
  box.dataset.mapState = 'off';
}
