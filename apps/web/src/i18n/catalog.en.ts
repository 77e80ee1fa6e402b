/**
 * The English catalog (the default language, part of the first load). See catalog.ts.
 * domain.en.json holds the domain's English texts (the `defaultMessage` of its
 * descriptors, kept equal by the catalog tests), so that every catalog is a JSON file
 * the production build can ship pre-parsed (vite.config.ts).
 */
import app from './app.en.json';
import { mergeCatalog, type Messages } from './catalog.ts';
import domain from './domain.en.json';

const features = import.meta.glob<Messages>('../features/*/messages.en.json', {
  eager: true,
  import: 'default',
});

/** Every English message. */
export const catalog: Messages = mergeCatalog(domain, app, features);
