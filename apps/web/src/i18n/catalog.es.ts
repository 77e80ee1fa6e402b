/**
 * The Spanish core catalog, loaded only when Spanish is the interface language: the
 * domain's and the shell's messages; features' messages load with their screens
 * (locales.ts). See catalog.ts.
 */
import app from './app.es.json';
import { mergeCatalog, type Messages } from './catalog.ts';
import domain from './domain.es.json';

/** The Spanish messages of the domain and the shell. */
export const catalog: Messages = mergeCatalog(domain, app);
