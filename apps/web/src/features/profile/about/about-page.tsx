import { aboutUpdateSchema, ERROR_MESSAGES, PERMISSION_KEYS, UI_TEXT } from '@console/contract';
import { Alert, Button, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { FormBuilder, type FormValues } from '../../../components/form-builder';
import { toast } from '../../../components/ui/toast';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { useSession } from '../../../lib/auth/session';
import { useCan } from '../../../lib/permissions';
import { useStoredFileUrl } from '../../../lib/stored-file';
import { useAbout } from '../api/get-about';
import { useUpdateAbout } from '../api/update-about';
import { ProfileSummary } from '../components/profile-summary';
import { ABOUT_FIELDS, aboutFormData, aboutToFormValues } from '../logic/about-form';
import { SecondFactorsCard } from '../second-factors/second-factors-card';
import { LoadingBlock } from '../../../components/ui/loading-block';

/** /profile/about: view your profile and edit names, phone, picture and colours. */
export default function AboutPage() {
  const session = useSession();
  const userId = session?.user.id;
  const about = useAbout(userId);
  const update = useUpdateAbout();
  const canEdit = useCan(PERMISSION_KEYS.profile.update);
  const initial = useMemo(() => (about.data ? aboutToFormValues(about.data) : undefined), [about.data]);
  // The stored picture needs the bearer token: the form previews it from an object URL.
  const storedAvatar = useStoredFileUrl(about.data?.profile);
  const [saves, setSaves] = useState(0);
  // Leaving the page (a link, a reload) with the form changed asks first.
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty, 'Your changes to your profile have not been saved.');

  if (about.isError) {
    return (
      <Alert color="red" variant="light" title={ERROR_MESSAGES.loadPosts}>
        <Button size="xs" variant="light" color="red" onClick={() => void about.refetch()}>
          {UI_TEXT.tryAgain}
        </Button>
      </Alert>
    );
  }
  if (!about.data || !initial || userId === undefined) return <LoadingBlock label="Loading your profile" height={420} radius="md" />;

  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <ProfileSummary about={about.data} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="edit-profile-heading">
            <Stack gap={4} mb="md">
              <Title order={2} size="h3" id="edit-profile-heading">
                Edit profile
              </Title>
              <Text size="sm" c="dimmed">
                Your colours apply to the whole console as soon as you save.
              </Text>
            </Stack>
            {canEdit ? (
              <FormBuilder
                // A new key after each save re-reads the stored values (initialValues are read once).
                key={`${about.data.id}-${saves}`}
                aria-label="Edit profile"
                fields={ABOUT_FIELDS}
                schema={aboutUpdateSchema}
                initialValues={initial}
                resolveFileUrl={() => storedAvatar ?? ''}
                submitLabel="Save"
                onDirtyChange={setDirty}
                onSubmit={async (values) => {
                  const result = await update.mutateAsync({ userId, body: aboutFormData(values as FormValues, initial) });
                  toast.success(result.message);
                  setSaves((n) => n + 1);
                }}
              />
            ) : (
              <Alert color="blue" variant="light" title="Read-only">
                Your role does not include changing your profile. Ask an administrator if something is wrong.
              </Alert>
            )}
          </Paper>
          <SecondFactorsCard />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
