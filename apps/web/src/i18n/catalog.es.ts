/** The Spanish catalog, loaded only when Spanish is the interface language. See catalog.ts. */
import app from './app.es.json';
import { mergeCatalog, type Messages } from './catalog.ts';
import domain from './domain.es.json';

const features = import.meta.glob<Messages>('../features/*/messages.es.json', {
  eager: true,
  import: 'default',
});

/** Every Spanish message. */
export const catalog: Messages = mergeCatalog(domain, app, features);
