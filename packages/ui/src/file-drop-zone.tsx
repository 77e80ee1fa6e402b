/**
 * FileDropZone: choose a file with a button (react-aria-components FileTrigger) or drop
 * it on the zone (DropZone); then a preview of an image, its name and size, a remove
 * button, and an error. For the quick calculator's bill photo (docs/product.md#quick-calculator).
 * Controlled: the caller keeps `file`, validates it (domain `validateBillImage`) and
 * passes the translated `errorMessage`.
 */
import { useEffect, useId, useMemo, type ReactNode } from 'react';
import { DropZone, FileTrigger, isFileDropItem, Text } from 'react-aria-components';
import { Button } from './button.tsx';
import { cn } from './cn.ts';
import { AlertIcon, UploadIcon, XIcon } from './icons.tsx';

export interface FileDropZoneProps {
  /** Heading of the zone, also its accessible name ("Bill photo"). */
  label: string;
  /** Hint under the heading ("JPEG, PNG or WebP, less than 10 MB. Drop it here or"). */
  hint: string;
  /** Text of the choose button ("Choose file"). */
  chooseLabel: string;
  /** Accessible name of the remove button ("Remove file"). */
  removeLabel: string;
  /** MIME types offered by the file chooser and accepted on drop, e.g. BILL_IMAGE_TYPES. @default undefined (any file) */
  acceptedFileTypes?: readonly string[];
  /** The chosen file, or null. */
  file: File | null;
  /** Called with the first file chosen or dropped. */
  onSelect: (file: File) => void;
  /** Called when the user removes the chosen file; the caller sets `file` to null. */
  onRemove: () => void;
  /** Translated validation or processing error, shown as an alert. @default undefined (none) */
  errorMessage?: string;
  /** Actions and status for the chosen file (e.g. "Extract amount" and its result). @default undefined */
  children?: ReactNode;
  /** Disables choose, drop and remove. @default false */
  isDisabled?: boolean;
  /** Formats a byte count for display; defaults to KB/MB with one decimal. */
  formatSize?: (bytes: number) => string;
  /** Extra classes for the outer block. @default undefined */
  className?: string;
}

/** Bytes as "812 KB" or "2.4 MB". */
function defaultFormatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** An object URL for an image file, revoked when the file changes or the view unmounts. */
function usePreviewUrl(file: File | null): string | null {
  const url = useMemo(
    () => (file && file.type.startsWith('image/') ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * A file chooser and drop target with preview, remove and error; one file at a time.
 *
 * Use when the user gives the app one file (the photo of an electricity bill).
 *
 * Don't use when the user types the value (use `NumberField` or `TextField`), or picks a
 * picture from ones the app already has.
 */
export function FileDropZone({
  label,
  hint,
  chooseLabel,
  removeLabel,
  acceptedFileTypes,
  file,
  onSelect,
  onRemove,
  errorMessage,
  children,
  isDisabled,
  formatSize = defaultFormatSize,
  className,
}: FileDropZoneProps) {
  const preview = usePreviewUrl(file);
  const errorId = useId();
  const types = acceptedFileTypes ? [...acceptedFileTypes] : undefined;
  return (
    <div data-slot="file-drop-zone" className={cn('flex flex-col gap-2', className)}>
      {file ? (
        <div className="flex items-center gap-3 rounded-card border border-border bg-surface-raised p-3">
          {preview ? (
            <img
              src={preview}
              alt={file.name}
              className="size-16 shrink-0 rounded-control border border-border object-cover"
            />
          ) : (
            <span className="flex size-16 shrink-0 items-center justify-center rounded-control bg-surface-sunken text-fg-muted">
              <UploadIcon className="size-6" />
            </span>
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-fg">{file.name}</p>
            <p className="text-xs text-fg-muted">{formatSize(file.size)}</p>
            {children && <div className="mt-2 flex flex-wrap items-center gap-2">{children}</div>}
          </div>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`${removeLabel}: ${file.name}`}
            onPress={onRemove}
            isDisabled={isDisabled}
            className="w-8 px-0"
          >
            <XIcon />
          </Button>
        </div>
      ) : (
        <DropZone
          aria-label={label}
          isDisabled={isDisabled}
          getDropOperation={(types_) =>
            !types || types.some((t) => types_.has(t)) ? 'copy' : 'cancel'
          }
          onDrop={async (event) => {
            const item = event.items.find(isFileDropItem);
            if (item) onSelect(await item.getFile());
          }}
          className={cn(
            'flex flex-col items-center gap-2 rounded-card border-2 border-dashed border-border-strong bg-surface-raised px-6 py-8 text-center',
            'data-[drop-target]:border-brand-accent data-[drop-target]:bg-brand-soft',
            'data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-focus',
            errorMessage && 'border-danger-fg',
          )}
        >
          <UploadIcon className="size-8 text-fg-muted" />
          <Text slot="label" className="text-sm font-semibold text-fg">
            {label}
          </Text>
          <p className="text-xs text-fg-muted">{hint}</p>
          <FileTrigger
            acceptedFileTypes={types}
            onSelect={(list) => {
              const chosen = list?.[0];
              if (chosen) onSelect(chosen);
            }}
          >
            <Button
              variant="secondary"
              size="sm"
              isDisabled={isDisabled}
              aria-describedby={errorMessage ? errorId : undefined}
            >
              {chooseLabel}
            </Button>
          </FileTrigger>
        </DropZone>
      )}
      {errorMessage && (
        <p
          id={errorId}
          role="alert"
          className="flex items-center gap-1.5 text-xs font-medium text-danger-fg"
        >
          <AlertIcon className="size-4 shrink-0" />
          {errorMessage}
        </p>
      )}
    </div>
  );
}
