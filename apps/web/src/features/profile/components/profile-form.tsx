/** The User profile screen: avatar, read-only email, full name, position and line manager. */
import { PROFILE_MESSAGES, type Profile } from '@hr/shared/profile/profile.schemas';
import { Camera, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ImageUploadButton } from '@/components/image-upload-button';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/api-client';
import { displayName, initials } from '@/lib/initials';
import { notify } from '@/lib/toast';
import { useRemoveAvatar, useUploadAvatar } from '../api/avatar';
import { useLineManagerOptions } from '../api/get-line-manager-options';
import { useUpdateProfile } from '../api/update-profile';

export function ProfileForm({ profile }: { profile: Profile }) {
  const ids = { name: useId(), position: useId(), manager: useId(), email: useId() };
  const [fullName, setFullName] = useState(profile.fullName ?? '');
  const [position, setPosition] = useState(profile.position ?? '');
  const [lineManagerId, setLineManagerId] = useState(profile.lineManagerId ?? '');
  // The server decides who may change their own line manager (ADR 0051); others see it read-only.
  const managerLocked = !profile.canChangeLineManager;
  const users = useLineManagerOptions();
  const update = useUpdateProfile();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();

  useEffect(() => {
    if (users.isError) notify.error(PROFILE_MESSAGES.usersLoadFailed);
  }, [users.isError]);

  const onImage = (file: File) => {
    upload.mutate(file, {
      onSuccess: () => notify.success(PROFILE_MESSAGES.avatarUploaded),
      onError: (error) => notify.error(PROFILE_MESSAGES.avatarUploadFailed, errorMessage(error)),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      {
        fullName,
        position,
        // Read-only: the line manager as loaded goes back unchanged (the server refuses a change).
        lineManagerId: managerLocked ? profile.lineManagerId : lineManagerId || null,
      },
      {
        onSuccess: () => notify.success(PROFILE_MESSAGES.updated),
        onError: (error) => notify.error(PROFILE_MESSAGES.updateFailed, errorMessage(error)),
      },
    );
  };

  const name = displayName({ fullName: profile.fullName, email: profile.email });
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Profile Picture</CardTitle>
          <CardDescription>PNG, JPEG, GIF or WebP, up to 2 MB.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-4">
          <Avatar className="size-20">
            {profile.avatarUrl && <AvatarImage src={profile.avatarUrl} alt="Profile picture" />}
            <AvatarFallback className="text-lg">{initials(name)}</AvatarFallback>
          </Avatar>
          <div className="flex flex-wrap gap-2">
            <ImageUploadButton
              label="Upload Picture"
              inputLabel="Upload profile picture"
              icon={<Camera aria-hidden="true" />}
              pending={upload.isPending}
              onImage={onImage}
            />
            {profile.avatarUrl && (
              <Button
                type="button"
                variant="ghost"
                onClick={() =>
                  remove.mutate(undefined, {
                    onError: (error) => notify.error(PROFILE_MESSAGES.updateFailed, errorMessage(error)),
                  })
                }
                disabled={remove.isPending}
              >
                <Trash2 aria-hidden="true" />
                Remove Picture
              </Button>
            )}
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Personal Information</CardTitle>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={submit}>
            <div className="grid gap-2">
              <Label htmlFor={ids.email}>Email</Label>
              <Input
                id={ids.email}
                value={profile.email}
                readOnly
                disabled
                aria-describedby={`${ids.email}-note`}
              />
              <p id={`${ids.email}-note`} className="text-xs text-muted-foreground">
                {PROFILE_MESSAGES.emailReadOnly}
              </p>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor={ids.name}>Full Name</Label>
                <Input
                  id={ids.name}
                  value={fullName}
                  onChange={(e) => setFullName(e.target.value)}
                  maxLength={120}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={ids.position}>Position</Label>
                <Input
                  id={ids.position}
                  value={position}
                  onChange={(e) => setPosition(e.target.value)}
                  maxLength={120}
                />
              </div>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.manager}>Line Manager</Label>
              <NativeSelect
                id={ids.manager}
                value={managerLocked ? (profile.lineManagerId ?? '') : lineManagerId}
                onChange={(e) => setLineManagerId(e.target.value)}
                disabled={managerLocked || users.isPending}
                aria-describedby={managerLocked ? `${ids.manager}-note` : undefined}
              >
                <option value="">No line manager</option>
                {users.data?.users.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.fullName || u.email}
                  </option>
                ))}
              </NativeSelect>
              {managerLocked && (
                <p id={`${ids.manager}-note`} className="text-xs text-muted-foreground">
                  {PROFILE_MESSAGES.lineManagerLocked}
                </p>
              )}
            </div>
            <div>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save Changes'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
