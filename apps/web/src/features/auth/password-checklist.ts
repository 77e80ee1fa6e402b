/**
 * The translated labels of the live password checklist (docs/product.md#accounts-and-sessions;
 * domain `passwordRequirements`), for the ui PasswordField.
 */
import { passwordRequirementMessages } from '@solar/domain';
import type { PasswordRequirementId } from '@solar/ui';
import type { IntlShape } from 'react-intl';

/** Requirement labels and the screen-reader words for met / not met. */
export function checklistLabels(intl: IntlShape): {
  requirementLabels: Record<PasswordRequirementId, string>;
  requirementStateLabels: { met: string; unmet: string };
} {
  const r = passwordRequirementMessages;
  return {
    requirementLabels: {
      minLength: intl.formatMessage(r.minLength),
      lowercase: intl.formatMessage(r.lowercase),
      uppercase: intl.formatMessage(r.uppercase),
      digit: intl.formatMessage(r.digit),
    },
    requirementStateLabels: {
      met: intl.formatMessage({ id: 'signup.requirementMet' }),
      unmet: intl.formatMessage({ id: 'signup.requirementUnmet' }),
    },
  };
}
