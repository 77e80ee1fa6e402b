/**
 * The page footer with the business's identity (docs/product.md#business-identity): its
 * logo and name, the address, phone (a `tel:` link), email (a `mailto:` link), website and
 * legal line. Only what is given shows: a business with only a name shows its name, never
 * made-up contact details. A `<footer>` outside `<main>`: the contentinfo landmark.
 */
import { Link as AriaLink } from 'react-aria-components';
import { cn, focusRing } from './cn.ts';
import { LogoMark } from './logo.tsx';

/** The words the footer says around the business's own lines (translated by the app). */
export interface SiteFooterLabels {
  /** The landmark's name, e.g. "About Solar Ltd" (screen readers list it with the landmarks). */
  footer: string;
  /** Before the phone number, e.g. "Phone". */
  phone: string;
  /** Before the email address, e.g. "Email". */
  email: string;
  /** Before the website, e.g. "Website". */
  website: string;
}

export interface SiteFooterProps {
  /** The business's name; always shown. */
  name: string;
  /** The logo image's address; undefined shows the product's mark. @default undefined */
  logoSrc?: string | null | undefined;
  /** The postal address, one line (wraps). @default undefined */
  address?: string | null | undefined;
  /** The phone number as the business writes it ("+996 312 123 456"). @default undefined */
  phone?: string | null | undefined;
  /** The contact email address. @default undefined */
  email?: string | null | undefined;
  /** The website, an absolute URL; shown without its scheme. @default undefined */
  website?: string | null | undefined;
  /** The legal line: registration number, "© 2026 …". @default undefined */
  legal?: string | null | undefined;
  labels: SiteFooterLabels;
  /** Extra classes for the `<footer>`. @default undefined */
  className?: string;
}

/**
 * `phone` as a `tel:` URI (RFC 3966): the leading `+` and the digits, without the spaces,
 * brackets, dashes and dots people write between them.
 */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}

/** `url` without its scheme and trailing slash, for display ("https://solar.kg/" -> "solar.kg"). */
function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

const linkClass = cn(
  'rounded-sm [overflow-wrap:anywhere] text-link underline underline-offset-4 data-[hovered]:decoration-2',
  focusRing,
);

/**
 * The site footer: the business's name and contact lines, under every page.
 *
 * Use when closing a page layout (the public frame and the signed-in shell), once per page.
 *
 * Don't use when a block inside the page lists contacts (an issuer on a proposal: use plain
 * text there), or inside `<main>` (it would not be the page's contentinfo landmark).
 */
export function SiteFooter({
  name,
  logoSrc,
  address,
  phone,
  email,
  website,
  legal,
  labels,
  className,
}: SiteFooterProps) {
  const hasContacts = Boolean(address || phone || email || website);
  return (
    <footer
      data-slot="site-footer"
      aria-label={labels.footer}
      className={cn('border-t border-border bg-surface-raised text-sm text-fg-muted', className)}
    >
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-3 px-4 py-6 sm:px-6">
        <div className="flex flex-wrap items-start justify-between gap-x-8 gap-y-3">
          <p className="flex min-w-0 items-center gap-2 font-semibold text-fg">
            {logoSrc ? (
              <img src={logoSrc} alt="" className="h-7 w-auto max-w-24 shrink-0 object-contain" />
            ) : (
              <LogoMark />
            )}
            <span className="[overflow-wrap:anywhere]">{name}</span>
          </p>
          {hasContacts && (
            <address className="flex min-w-0 flex-col gap-1 not-italic sm:items-end sm:text-end">
              {address && <span className="[overflow-wrap:anywhere]">{address}</span>}
              {phone && (
                <span>
                  {labels.phone}:{' '}
                  <AriaLink href={telHref(phone)} className={linkClass}>
                    {phone}
                  </AriaLink>
                </span>
              )}
              {email && (
                <span>
                  {labels.email}:{' '}
                  <AriaLink href={`mailto:${email}`} className={linkClass}>
                    {email}
                  </AriaLink>
                </span>
              )}
              {website && (
                <span>
                  {labels.website}:{' '}
                  <AriaLink href={website} className={linkClass}>
                    {displayUrl(website)}
                  </AriaLink>
                </span>
              )}
            </address>
          )}
        </div>
        {legal && <p className="text-xs [overflow-wrap:anywhere]">{legal}</p>}
      </div>
    </footer>
  );
}
