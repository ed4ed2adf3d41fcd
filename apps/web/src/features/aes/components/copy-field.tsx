import { ActionIcon, CopyButton, Textarea, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * A read-only value (key, IV) in monospace with a copy button named after the value. A
 * textarea, so a 64-digit key wraps on a phone instead of hiding its end.
 */
export function CopyField({ label, value, description }: { label: string; value: string; description?: string }) {
  return (
    <Textarea
      label={label}
      autosize
      minRows={1}
      description={description}
      value={value}
      readOnly
      spellCheck={false}
      autoComplete="off"
      // Selecting everything on focus makes a manual copy (or a check by eye) easy.
      onFocus={(event) => event.currentTarget.select()}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)' } }}
      rightSectionWidth={40}
      rightSectionProps={{ style: { alignItems: 'flex-start', paddingTop: 4 } }}
      rightSection={<CopyValueButton label={label} value={value} />}
    />
  );
}

export function CopyValueButton({ label, value }: { label: string; value: string }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <>
          <Tooltip label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`} withArrow position="left">
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              disabled={!value}
              aria-label={`Copy ${label.toLowerCase()}`}
            >
              {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
          {/* A changed icon is not announced; this is. */}
          <VisuallyHidden role="status">{copied ? `${label} copied to the clipboard` : ''}</VisuallyHidden>
        </>
      )}
    </CopyButton>
  );
}
