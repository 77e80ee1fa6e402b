/**
 * The Leaflet map of the full calculator's location step (docs/product.md#full-calculator),
 * loaded lazily (this module and Leaflet are fetched only when the map first shows):
 * OpenStreetMap-style tiles from `tileUrl`, a draggable marker, click to move it. Both
 * report the new point (degrees) through `onPick`; the parent reverse geocodes it.
 * `onStatus` hears 'ready' once the map is set up, or 'error' when the tiles fail before
 * any has loaded (the parent shows the error state and keeps the address search usable).
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './map-picker.css';
import { useEffect, useRef } from 'react';

/** A point, degrees. */
export interface MapPoint {
  readonly latitude: number;
  readonly longitude: number;
}

export interface MapPickerProps {
  /** Centre of the view (and the marker when `marker` is null). */
  center: MapPoint;
  zoom: number;
  /** The marker, or null before a place is chosen. */
  marker: MapPoint | null;
  /** Tile URL template ({z}/{x}/{y}, optional {s}). */
  tileUrl: string;
  /** Attribution HTML of the tiles. */
  attribution: string;
  /** Accessible name of the map. */
  label: string;
  /** Accessible name of the marker. */
  markerLabel: string;
  onPick: (point: MapPoint) => void;
  onStatus: (status: 'ready' | 'error') => void;
}

/** An SVG pin (no image files to load). */
const pin = L.divIcon({
  className: '',
  html: '<svg width="28" height="40" viewBox="0 0 28 40" aria-hidden="true"><path d="M14 0C6.3 0 0 6.3 0 14c0 10.5 14 26 14 26s14-15.5 14-26C28 6.3 21.7 0 14 0z" fill="#b45309" stroke="#fff" stroke-width="2"/><circle cx="14" cy="14" r="5" fill="#fff"/></svg>',
  iconSize: [28, 40],
  iconAnchor: [14, 40],
});

/** The map. */
export default function MapPicker({
  center,
  zoom,
  marker,
  tileUrl,
  attribution,
  label,
  markerLabel,
  onPick,
  onStatus,
}: MapPickerProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pinRef = useRef<L.Marker | null>(null);
  const callbacks = useRef({ onPick, onStatus });
  useEffect(() => {
    callbacks.current = { onPick, onStatus };
  }, [onPick, onStatus]);

  useEffect(() => {
    if (!element.current) return;
    const instance = L.map(element.current, { zoomControl: true, keyboard: true });
    let loadedOne = false;
    let failed = false;
    const tiles = L.tileLayer(tileUrl, { attribution, maxZoom: 19, crossOrigin: false });
    tiles.on('tileload', () => {
      loadedOne = true;
    });
    tiles.on('tileerror', () => {
      if (loadedOne || failed) return;
      failed = true;
      instance.removeLayer(tiles);
      callbacks.current.onStatus('error');
    });
    tiles.addTo(instance);
    instance.on('click', (event: L.LeafletMouseEvent) => {
      callbacks.current.onPick({ latitude: event.latlng.lat, longitude: event.latlng.lng });
    });
    instance.setView([center.latitude, center.longitude], zoom);
    instance.whenReady(() => {
      if (!failed) callbacks.current.onStatus('ready');
    });
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
      pinRef.current = null;
    };
    // The map is created once; view and marker follow in the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileUrl]);

  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    if (!marker) {
      pinRef.current?.remove();
      pinRef.current = null;
      instance.setView([center.latitude, center.longitude], instance.getZoom() || zoom);
      return;
    }
    const at: L.LatLngExpression = [marker.latitude, marker.longitude];
    if (!pinRef.current) {
      const created = L.marker(at, {
        icon: pin,
        draggable: true,
        keyboard: true,
        title: markerLabel,
        alt: markerLabel,
      });
      created.on('dragend', () => {
        const point = created.getLatLng();
        callbacks.current.onPick({ latitude: point.lat, longitude: point.lng });
      });
      created.addTo(instance);
      pinRef.current = created;
    } else {
      pinRef.current.setLatLng(at);
    }
    instance.panTo(at);
  }, [marker, center.latitude, center.longitude, zoom, markerLabel]);

  return (
    <div
      ref={element}
      role="application"
      aria-label={label}
      // Inline height: Leaflet needs a sized box whatever the stylesheet.
      style={{ height: '20rem' }}
      className="w-full overflow-hidden rounded-card border border-border"
    />
  );
}
