/** Class names of the field parts (field.tsx) and of the native language picker. */

/** A field's visible label. */
export const labelClass = 'text-sm font-medium text-fg';
/** Help text under a control. */
export const descriptionClass = 'text-xs text-fg-muted';
/** The error of an invalid field. */
export const fieldErrorClass = 'text-xs font-medium text-danger-fg';
