/**
 * AppShell: the page frame of signed-in screens: a skip link, a header with the brand,
 * the main navigation (a labelled nav landmark; the current page has
 * `aria-current="page"`) and an actions slot (the user menu),
 * then the main landmark. Which links show is the web layer's decision (permissions).
 */
import type { ComponentType, ReactNode } from 'react';
import { Link as AriaLink } from 'react-aria-components';
import { cn, focusRing } from './cn.ts';

/** One navigation link. */
export interface AppShellNavItem {
  /** React key of the link. */
  id: string;
  /** Where the link goes (handled by the app's `RouterProvider`). */
  href: string;
  /** Visible text of the link (translated); below 1024 px only its accessible name when there is an icon. */
  label: string;
  /** A decorative icon before the label; below 1024 px the link shows only the icon, and
   * the label stays its accessible name. */
  icon?: ComponentType<{ className?: string }>;
  /** The page being shown: highlighted and `aria-current="page"`. @default false */
  isCurrent?: boolean;
}

export interface AppShellProps {
  /** The logo or product name (usually a link home). */
  brand: ReactNode;
  /** Accessible name of the navigation ("Main"). */
  navLabel: string;
  /** The navigation links, in order (only those the user may open). */
  navItems: readonly AppShellNavItem[];
  /** Controls at the end of the header (the user menu). @default undefined (none) */
  actions?: ReactNode;
  /** Text of the skip link ("Skip to content"). */
  skipLabel: string;
  /** The page content, inside the main landmark (at most 72rem wide, centred). */
  children: ReactNode;
  /** Extra classes for the main area (e.g. full-height chat). @default undefined */
  mainClassName?: string;
}

/**
 * The frame of every signed-in page: skip link, header (brand, navigation, actions) and
 * the main area.
 *
 * Use when building a signed-in screen of the app; it goes once, at the top of the layout.
 *
 * Don't use when the page is public or a sign-in form (those have no navigation), or
 * inside another shell.
 */
export function AppShell({
  brand,
  navLabel,
  navItems,
  actions,
  skipLabel,
  children,
  mainClassName,
}: AppShellProps) {
  return (
    <div data-slot="app-shell" className="flex min-h-dvh flex-col bg-surface text-fg">
      <a
        href="#main"
        className="sr-only rounded-control bg-surface-raised px-3 py-2 text-sm font-medium text-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:outline-2 focus:outline-focus"
      >
        {skipLabel}
      </a>
      <header className="border-b border-border bg-surface-raised">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:gap-x-6">
          <div className="flex items-center gap-2 font-semibold">{brand}</div>
          <nav aria-label={navLabel} className="flex-1">
            <ul className="flex flex-wrap items-center gap-0.5 sm:gap-1">
              {navItems.map((item) => (
                <li key={item.id}>
                  <AriaLink
                    href={item.href}
                    aria-current={item.isCurrent ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-2 rounded-control px-2.5 py-2.5 text-sm font-medium text-fg-muted no-underline lg:px-3 lg:py-2',
                      'data-[hovered]:bg-black/5 data-[hovered]:text-fg dark:data-[hovered]:bg-white/10',
                      item.isCurrent && 'bg-brand-50 text-brand-800 dark:bg-white/10 dark:text-fg',
                      focusRing,
                    )}
                  >
                    {item.icon && <item.icon className="size-4 shrink-0" />}
                    <span className={item.icon ? 'sr-only lg:not-sr-only' : undefined}>
                      {item.label}
                    </span>
                  </AriaLink>
                </li>
              ))}
            </ul>
          </nav>
          {actions && <div className="flex items-center gap-2">{actions}</div>}
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={cn('mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none', mainClassName)}
      >
        {children}
      </main>
    </div>
  );
}
