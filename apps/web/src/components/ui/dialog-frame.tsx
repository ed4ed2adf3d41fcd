import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { MountWhenOpened } from './mount-when-opened';

type Props = Omit<ModalRootProps, 'title' | 'children'> & {
  title: ReactNode;
  withCloseButton?: boolean;
  children: ReactNode;
};

/**
 * Mantine's Modal assembled from its parts so the header is not a <header> element: portalled
 * to <body>, a <header> would count as a second page banner landmark (axe: landmark-unique).
 */
export function DialogFrame({ title, withCloseButton = true, children, ...root }: Props) {
  return (
    <MountWhenOpened opened={Boolean(root.opened)}>
      <Modal.Root radius="lg" padding="lg" {...root}>
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header role="none">
            <Modal.Title fw={650} fz="lg">
              {title}
            </Modal.Title>
            {withCloseButton && <Modal.CloseButton aria-label="Close" />}
          </Modal.Header>
          <Modal.Body>{children}</Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </MountWhenOpened>
  );
}
