import { type Profile, ProfileInputSchema } from '@apex/contract';

import { TextField } from '@/components/form-field';
import { QueryStatus } from '@/components/query-status';
import { SubmitButton } from '@/components/submit-button';
import { notifyOutcome } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useContractForm } from '@/lib/use-contract-form';
import { useDocumentTitle } from '@/lib/use-document-title';

import { useProfile, useSaveProfile } from '../api/profile';

const fields = [
  { name: 'education', label: 'Education', autoComplete: 'off' },
  { name: 'location', label: 'Location', autoComplete: 'address-level2' },
  { name: 'phone', label: 'Phone', autoComplete: 'tel' },
  { name: 'linkedin', label: 'LinkedIn profile', autoComplete: 'url' },
] as const;

function ProfileForm({ email, profile }: { email: string; profile: Profile }) {
  const save = useSaveProfile(email);
  const form = useContractForm(ProfileInputSchema, {
    defaultValues: {
      education: profile.education,
      location: profile.location,
      phone: profile.phone,
      linkedin: profile.linkedin,
    },
  });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (input) => {
    await notifyOutcome(() => save.mutateAsync({ input, saved: profile.saved }), {
      done: 'profile info added',
      failed: 'The profile was not saved',
    });
  });
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={(e) => void onSubmit(e)}>
      {fields.map(({ name, label, autoComplete }) => (
        <TextField
          key={name}
          id={`profile-${name}`}
          label={label}
          autoComplete={autoComplete}
          {...form.field(name)}
        />
      ))}
      <SubmitButton className="btn self-start btn-primary" busy={isSubmitting}>
        {profile.saved ? 'Update profile' : 'Save profile'}
      </SubmitButton>
    </form>
  );
}

export default function MyProfilePage() {
  useDocumentTitle('My Profile');
  const { user } = useSession();
  const email = user?.email ?? '';
  const profile = useProfile(email);
  return (
    <section aria-labelledby="profile-heading" className="flex max-w-xl flex-col gap-6">
      <h1 id="profile-heading" className="text-3xl font-bold">
        My Profile
      </h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        <dt className="font-medium">Name</dt>
        <dd>{user?.name}</dd>
        <dt className="font-medium">Email</dt>
        <dd>{email}</dd>
      </dl>
      <QueryStatus query={profile} what="your profile">
        {(data) => <ProfileForm email={email} profile={data} />}
      </QueryStatus>
    </section>
  );
}
