/**
 * Avatar: the user's picture, or their initials on a tinted disc when there is no picture
 * or it fails to load (docs/product.md#dashboard: the user card). The name is the accessible
 * name in both cases; the initials are drawn as generated content, not page text.
 */
import { cva, type VariantProps } from 'class-variance-authority';
import { useState } from 'react';
import { cn } from './cn.ts';

/** Classes of the avatar disc, by size. */
export const avatarVariants = cva(
  'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-pill bg-brand-soft-strong font-semibold text-brand-fg select-none',
  {
    variants: {
      /** Diameter: `sm` 32 px, `md` 40 px, `lg` 64 px. @default 'md' */
      size: { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-xl' },
    },
    defaultVariants: { size: 'md' },
  },
);

/** Up to two initials of a name: first letters of the first and last words ("Ada Lovelace" -> "AL"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0]!)[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1]!)[0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}

export interface AvatarProps extends VariantProps<typeof avatarVariants> {
  /** The person's name: alt text and the source of the initials. */
  name: string;
  /** Picture URL; null or a failed load shows initials. @default undefined (initials) */
  src?: string | null;
  /** Extra classes for the disc. @default undefined */
  className?: string;
}

/**
 * A round picture of a person, with their initials when there is no picture.
 *
 * Use when showing who a user is: the user menu, the dashboard user card, lists of users.
 *
 * Don't use when showing a role or status (use `RoleBadge` or `StatusBadge`), or for the
 * brand (use `Logo`).
 */
export function Avatar({ name, src, size, className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = Boolean(src) && failed !== src;
  return (
    <span
      data-slot="avatar"
      data-fallback={!showImage}
      className={cn(avatarVariants({ size }), className)}
    >
      {showImage ? (
        <img
          src={src ?? undefined}
          alt={name}
          referrerPolicy="no-referrer"
          className="size-full object-cover"
          onError={() => setFailed(src ?? null)}
        />
      ) : (
        // The initials are drawn, not written (CSS generated content): like a picture, the
        // avatar is an image named by the person's name, so a button that holds it keeps
        // its own label as its whole visible text (WCAG 2.5.3, axe label-content-name-mismatch).
        <span
          role="img"
          aria-label={name}
          data-initials={initialsOf(name)}
          className="before:content-[attr(data-initials)]"
        />
      )}
    </span>
  );
}
