/**
 * The English core catalog (the default language, part of the first load): the domain's
 * and the shell's messages; features' messages load with their screens (locales.ts). See
 * catalog.ts. domain.en.json holds the domain's English texts (the `defaultMessage` of its
 * descriptors, kept equal by the catalog tests), so that every catalog is a JSON file the
 * production build can ship pre-parsed (vite.config.ts).
 */
import app from './app.en.json';
import { mergeCatalog, type Messages } from './catalog.ts';
import domain from './domain.en.json';

/** The English messages of the domain and the shell. */
export const catalog: Messages = mergeCatalog(domain, app);
