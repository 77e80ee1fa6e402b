/**
 * Class names of the field parts (field.tsx), shared with the parts drawn without
 * react-aria (the Select's stand-in trigger, select.tsx).
 */

/** A field's visible label. */
export const labelClass = 'text-sm font-medium text-fg';
/** Help text under a control. */
export const descriptionClass = 'text-xs text-fg-muted';
/** The error of an invalid field. */
export const fieldErrorClass = 'text-xs font-medium text-danger-fg';
