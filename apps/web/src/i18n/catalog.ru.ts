/** The Russian catalog, loaded only when Russian is the interface language. See catalog.ts. */
import app from './app.ru.json';
import { mergeCatalog, type Messages } from './catalog.ts';
import domain from './domain.ru.json';

const features = import.meta.glob<Messages>('../features/*/messages.ru.json', {
  eager: true,
  import: 'default',
});

/** Every Russian message. */
export const catalog: Messages = mergeCatalog(domain, app, features);
