/** /terms (docs/product.md#accounts-and-sessions): the terms of service, linked from sign-up. Public. */
import { LegalPage } from './legal-page.tsx';

/** Number of sections of the terms text (`terms.s1` ... in the catalogs). */
export const TERMS_SECTIONS = 6;

export default function TermsScreen() {
  return <LegalPage page="terms" sections={TERMS_SECTIONS} />;
}
