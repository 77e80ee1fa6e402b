/**
 * The search box of a list whose search lives in the URL (docs/product.md#user-administration; the
 * users and projects lists): the box keeps what is typed and commits it SEARCH_DEBOUNCE_MS (800 ms)
 * after the last keystroke, at once on Enter or clear; when the URL's search changes
 * (committed, back button, clear filters) the box shows the URL's.
 */
import { SEARCH_DEBOUNCE_MS } from '@solar/domain';
import { useState } from 'react';
import { useDebouncedCallback } from 'use-debounce';

/**
 * The box's text and handlers for the URL's `search`; `commit` writes a search into the
 * URL (the list goes back to page 1 there).
 */
export function useSearchBox(search: string, commit: (search: string) => void) {
  // What is typed and not yet in the URL, with the URL's search it was typed over.
  const [draft, setDraft] = useState<{ text: string; over: string } | null>(null);
  const text = draft !== null && draft.over === search ? draft.text : search;
  const commitLater = useDebouncedCallback((value: string) => {
    setDraft(null);
    commit(value);
  }, SEARCH_DEBOUNCE_MS);
  const commitNow = (value: string) => {
    commitLater.cancel();
    setDraft(null);
    commit(value);
  };
  return {
    value: text,
    onChange: (value: string) => {
      setDraft({ text: value, over: search });
      if (value === search) commitLater.cancel();
      else commitLater(value);
    },
    onSubmit: commitNow,
    onClear: () => commitNow(''),
  };
}
