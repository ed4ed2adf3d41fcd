import { ActionIcon, Anchor, VisuallyHidden } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import type { FormField } from './types';

export const DEFAULT_HELP_URL = '/docs';
const FORM_HELP_TEXT = 'Help with this form';

/**
 * The help icon of spec s.2: a link to the field's documentation, in a new tab. Inside a form
 * (`inTabOrder` false) it stays clickable and in the accessibility tree but out of the Tab order:
 * one per field doubled the Tab stops of a long form; the form's one FormHelpLink serves keyboards.
 */
export function FieldHelp({ label, helpUrl, inTabOrder = true }: { label: string; helpUrl?: string; inTabOrder?: boolean }) {
  return (
    <ActionIcon
      component="a"
      tabIndex={inTabOrder ? undefined : -1}
      href={helpUrl || DEFAULT_HELP_URL}
      target="_blank"
      rel="noopener noreferrer"
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={`Help for ${label} (opens in a new tab)`}
      title={`Help for ${label}`}
    >
      <IconHelpCircle size={16} aria-hidden />
    </ActionIcon>
  );
}

/** The page the field help links of a form share (their URL without the #field part), or null without any. */
export function formHelpUrl(fields: readonly FormField[]): string | null {
  const first = fields.find((f) => f.showHelp);
  if (!first) return null;
  return (first.helpUrl || DEFAULT_HELP_URL).split('#')[0] || DEFAULT_HELP_URL;
}

/** The one keyboard stop for a form's help: the documentation page its field icons point into. */
export function FormHelpLink({ href }: { href: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
      <IconHelpCircle size={16} aria-hidden />
      {FORM_HELP_TEXT}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}
