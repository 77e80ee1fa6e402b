/**
 * Which fonts drew the text of a page, as Chromium reports them (DevTools protocol,
 * `CSS.getPlatformFontsForNode`). A screenshot is the same on every machine only when every
 * glyph comes from a web font the project ships: a glyph drawn from an installed system font
 * (`isCustomFont: false`) differs with whatever fonts a machine happens to have.
 */
import type { Page } from '@playwright/test';

interface DomNode {
  nodeId: number;
  nodeType: number;
  nodeName: string;
  nodeValue?: string;
  children?: DomNode[];
  shadowRoots?: DomNode[];
  contentDocument?: DomNode;
}

interface PlatformFont {
  familyName: string;
  isCustomFont: boolean;
  glyphCount: number;
}

/** A run of text drawn with a font the machine provides, and the element that holds it. */
export interface SystemFontUse {
  readonly element: string;
  readonly text: string;
  readonly fonts: readonly string[];
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** Elements that directly hold non-blank text (their own text nodes), in document order. */
function textHolders(node: DomNode, out: DomNode[] = []): DomNode[] {
  const kids = [...(node.children ?? []), ...(node.shadowRoots ?? [])];
  if (
    node.nodeType === ELEMENT_NODE &&
    kids.some((kid) => kid.nodeType === TEXT_NODE && kid.nodeValue?.trim())
  ) {
    out.push(node);
  }
  for (const kid of kids) textHolders(kid, out);
  if (node.contentDocument) textHolders(node.contentDocument, out);
  return out;
}

/** Thrown when the page changed its DOM while it was being read (a node went away). */
class DomChanged extends Error {}

async function scan(
  cdp: Awaited<ReturnType<ReturnType<Page['context']>['newCDPSession']>>,
): Promise<SystemFontUse[]> {
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as {
    root: DomNode;
  };
  const holders = textHolders(root).filter(
    (holder) => !['SCRIPT', 'STYLE', 'NOSCRIPT', 'TITLE', 'TEMPLATE'].includes(holder.nodeName),
  );
  // All queries at once: the protocol answers them in order over one connection, so a page
  // with hundreds of text elements (a full table) is read in one round trip, not hundreds.
  const answers = await Promise.all(
    holders.map((holder) =>
      cdp
        .send('CSS.getPlatformFontsForNode', { nodeId: holder.nodeId })
        .then((answer) => (answer as { fonts: PlatformFont[] }).fonts)
        .catch((error: unknown) => {
          if (error instanceof Error && /Could not find node/.test(error.message)) {
            throw new DomChanged(error.message);
          }
          throw error;
        }),
    ),
  );
  const uses: SystemFontUse[] = [];
  holders.forEach((holder, i) => {
    const system = answers[i]!.filter((font) => !font.isCustomFont && font.glyphCount > 0);
    if (system.length === 0) return;
    const text = (holder.children ?? [])
      .filter((kid) => kid.nodeType === TEXT_NODE)
      .map((kid) => kid.nodeValue ?? '')
      .join('')
      .trim();
    uses.push({
      element: holder.nodeName.toLowerCase(),
      text: text.slice(0, 80),
      fonts: system.map((font) => `${font.familyName} (${font.glyphCount} glyphs)`),
    });
  });
  return uses;
}

/**
 * Every element whose text Chromium drew (at least one glyph) with a font that is not a
 * web font of the page. An empty list means the page looks the same on every machine.
 * A page that replaces nodes while it is read (a live region, a re-render) is read again,
 * up to five times.
 */
export async function systemFontUses(page: Page): Promise<SystemFontUse[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await scan(cdp);
      } catch (error) {
        if (!(error instanceof DomChanged) || attempt === 5) throw error;
      }
    }
  } finally {
    await cdp.detach();
  }
}
