import { PUBLIC_ROUTES, UI_TEXT } from '@console/contract';
import { Anchor, Center } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The 'Back to Login' link under the forgot and reset password forms. */
export function BackToLoginLink() {
  return (
    <Center>
      <Anchor component={Link} to={PUBLIC_ROUTES.login} size="sm" fw={500}>
        <IconArrowLeft size={14} style={{ verticalAlign: -2, marginRight: 4 }} aria-hidden />
        {UI_TEXT.backToLogin}
      </Anchor>
    </Center>
  );
}
