/**
 * Form schemas load when a form is used, not with its page
 * (docs/decisions/015-initial-javascript.md): the domain's schemas are built on zod, about
 * 22 kB on the wire. A form starts the download on its first focus (`onFocus={preload...}`)
 * while the visitor types, and awaits it on submit (the browser fetches a module once).
 */

/**
 * The module `load` imports, or null when its code cannot be fetched (offline before the
 * first submit): the form then shows the connection message, as a failed request would.
 */
export async function loadOnUse<M>(load: () => Promise<M>): Promise<M | null> {
  try {
    return await load();
  } catch {
    return null;
  }
}

/** The account and profile forms' schemas (`@solar/domain/validation`), or null offline. */
export const loadValidation = () => loadOnUse(() => import('@solar/domain/validation'));

/** Starts loading {@link loadValidation}'s module (a form's `onFocus`). */
export function preloadValidation(): void {
  void loadValidation();
}

/** The pipeline's request schemas (`@solar/domain/pipeline-contract`), or null offline. */
export const loadPipelineSchemas = () => loadOnUse(() => import('@solar/domain/pipeline-contract'));

/** Starts loading {@link loadPipelineSchemas}'s module (a form's `onFocus`). */
export function preloadPipelineSchemas(): void {
  void loadPipelineSchemas();
}
