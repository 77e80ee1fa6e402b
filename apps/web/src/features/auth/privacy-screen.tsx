/** /privacy (docs/product.md#accounts-and-sessions): the privacy policy, linked from sign-up. Public. */
import { LegalPage } from './legal-page.tsx';

/** Number of sections of the privacy text (`privacy.s1` ... in the catalogs). */
export const PRIVACY_SECTIONS = 6;

export default function PrivacyScreen() {
  return <LegalPage page="privacy" sections={PRIVACY_SECTIONS} />;
}
