/**
 * AppShell: the page frame of signed-in screens: a skip link, a header with the brand,
 * the main navigation (a labelled nav landmark; the current page has
 * `aria-current="page"`) and an actions slot (the user menu),
 * then the main landmark. Which links show is the web layer's decision (permissions).
 * Below 640 px the navigation is a "Menu" button opening the same links in a popover
 * dialog (react-aria-components: Tab moves, Escape closes and returns focus).
 */
import type { ComponentType, ReactNode } from 'react';
import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Link as AriaLink,
  Popover,
} from 'react-aria-components';
import { cn, focusRing } from './cn.ts';
import { CheckIcon, MenuIcon } from './icons.tsx';

/** One navigation link. */
export interface AppShellNavItem {
  /** React key of the link. */
  id: string;
  /** Where the link goes (handled by the app's `RouterProvider`). */
  href: string;
  /** Visible text of the link (translated); from 640 to 1023 px only its accessible name
   * when there is an icon. */
  label: string;
  /** A decorative icon before the label; from 640 to 1023 px the link shows only the
   * icon, and the label stays its accessible name. */
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
  /** Text of the phone navigation's button ("Menu"), below 640 px. */
  menuLabel: string;
  /** Open the phone navigation's menu on first render (stories). @default false */
  defaultMenuOpen?: boolean;
  /** Controls at the end of the header (the user menu). @default undefined (none) */
  actions?: ReactNode;
  /** Text of the skip link ("Skip to content"). */
  skipLabel: string;
  /** The page content, inside the main landmark (at most 72rem wide, centred). */
  children: ReactNode;
  /** Extra classes for the main area (e.g. full-height chat). @default undefined */
  mainClassName?: string;
  /** After the main area: the page footer (`SiteFooter`). @default undefined */
  footer?: ReactNode;
}

/**
 * The frame of every signed-in page: skip link, header (brand, navigation, actions), the
 * main area and the footer.
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
  menuLabel,
  defaultMenuOpen,
  actions,
  skipLabel,
  children,
  mainClassName,
  footer,
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
          <nav aria-label={navLabel} className="flex flex-1 justify-end sm:justify-start">
            <PhoneNavMenu label={menuLabel} items={navItems} defaultOpen={defaultMenuOpen} />
            <ul className="hidden flex-wrap items-center gap-1 sm:flex">
              {navItems.map((item) => (
                <li key={item.id}>
                  <AriaLink
                    href={item.href}
                    aria-current={item.isCurrent ? 'page' : undefined}
                    className={linkClass(item.isCurrent, false)}
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
      {footer}
    </div>
  );
}

/** The classes of a navigation link; `inMenu` for the phone menu's full-width rows. */
function linkClass(isCurrent: boolean | undefined, inMenu: boolean) {
  return cn(
    'flex items-center gap-2 rounded-control text-sm font-medium text-fg-muted no-underline',
    inMenu ? 'gap-3 px-3 py-2.5' : 'px-2.5 py-2.5 lg:px-3 lg:py-2',
    'data-[hovered]:bg-hover data-[hovered]:text-fg',
    isCurrent && 'bg-brand-soft text-brand-fg',
    focusRing,
  );
}

/**
 * The navigation below 640 px: a "Menu" button opening a popover dialog with the same
 * links (Tab moves, Escape closes and returns focus; following a link closes it).
 */
function PhoneNavMenu({
  label,
  items,
  defaultOpen,
}: {
  label: string;
  items: readonly AppShellNavItem[];
  defaultOpen?: boolean | undefined;
}) {
  return (
    <DialogTrigger {...(defaultOpen ? { defaultOpen } : {})}>
      <AriaButton
        className={cn(
          'flex items-center gap-2 rounded-control px-2.5 py-2.5 text-sm font-medium text-fg-muted sm:hidden',
          'data-[hovered]:bg-hover data-[pressed]:bg-pressed',
          focusRing,
        )}
      >
        <MenuIcon className="size-5" />
        {label}
      </AriaButton>
      <Popover
        placement="bottom end"
        className="w-64 max-w-[calc(100vw-1rem)] rounded-control border border-border bg-surface-raised p-1 shadow-overlay"
      >
        <Dialog aria-label={label} className="outline-none">
          {({ close }) => (
            <ul className="flex flex-col gap-0.5">
              {items.map((item) => (
                <li key={item.id}>
                  <AriaLink
                    href={item.href}
                    aria-current={item.isCurrent ? 'page' : undefined}
                    onPress={close}
                    className={linkClass(item.isCurrent, true)}
                  >
                    {item.icon && <item.icon className="size-4 shrink-0" />}
                    <span className="flex-1">{item.label}</span>
                    {item.isCurrent && <CheckIcon className="size-4" />}
                  </AriaLink>
                </li>
              ))}
            </ul>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
