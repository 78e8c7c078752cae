import type { AdminStaffMember } from '@contrail/contracts/back-office';
import { useState, type SyntheticEvent } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { PasswordInput } from '../../../components/ui/password-input';
import { toast } from '../../../components/ui/toast';
import { useBackOfficeAccess, useGrantStaff, useRevokeStaff, useStaff } from '../api/back-office';
import { formatDateTime } from '../lib/back-office-texts';
import { BackOfficeLayout } from './back-office-layout';
import { errorText, ListState } from './back-office-parts';

/** `/admin/staff` (platform admins): who is staff of which brand; grant and withdraw the role. */
export function StaffPage() {
  const staff = useStaff();
  const access = useBackOfficeAccess();
  const [leaving, setLeaving] = useState<AdminStaffMember | null>(null);
  const data = staff.data;
  return (
    <BackOfficeLayout
      title="Staff"
      description="Brand staff see and act on their own brand's bookings, messages, subscribers and e-mails only."
    >
      <GrantForm brands={access.data?.brands ?? []} />
      <ListState
        query={staff}
        isEmpty={!data || data.staff.length === 0}
        empty="No brand staff yet."
        failure="Failed to load staff."
      >
        {data ? (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {data.staff.map((member) => (
              <li
                key={member.userId}
                className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm"
              >
                <div className="grid gap-0.5">
                  <span className="font-medium text-foreground">{`${member.username} · ${member.brand.name}`}</span>
                  <span className="break-all text-muted-foreground">
                    {`${member.email} · granted by ${member.grantedBy} ${formatDateTime(member.grantedAt)}`}
                  </span>
                </div>
                <Button variant="outline" size="sm" onClick={() => setLeaving(member)}>
                  Withdraw
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </ListState>
      <RevokeDialog member={leaving} onClose={() => setLeaving(null)} />
    </BackOfficeLayout>
  );
}

function GrantForm({ brands }: { brands: readonly { id: string; name: string }[] }) {
  const grant = useGrantStaff();
  const [username, setUsername] = useState('');
  const [brandId, setBrandId] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (!username.trim() || !brandId || !password) {
      setError('Enter the username, the brand and your password.');
      return;
    }
    setError(null);
    grant.mutate(
      { username: username.trim(), brandId, password },
      {
        onSuccess: (member) => {
          toast('Brand staff role granted', {
            description: `${member.username} · ${member.brand.name}`,
          });
          setUsername('');
          setPassword('');
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="text-lg">
          Grant the brand-staff role
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
          <Field label="Username" description="An account of that brand.">
            <Input
              value={username}
              autoComplete="off"
              onChange={(e) => setUsername(e.target.value)}
            />
          </Field>
          <Field label="Brand">
            <NativeSelect value={brandId} onChange={(e) => setBrandId(e.target.value)}>
              <option value="">Choose a brand</option>
              {brands.map((brand) => (
                <option key={brand.id} value={brand.id}>
                  {brand.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="Your password" description="Confirms the grant.">
            <PasswordInput
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <Button type="submit" disabled={grant.isPending}>
            {grant.isPending ? 'Granting…' : 'Grant role'}
          </Button>
          {error ? (
            <p role="alert" className="text-sm text-destructive sm:col-span-2 lg:col-span-4">
              {error}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}

function RevokeDialog({
  member,
  onClose,
}: {
  member: AdminStaffMember | null;
  onClose: () => void;
}) {
  const revoke = useRevokeStaff();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  return (
    <AlertDialog open={member !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <AlertDialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!member) return;
            revoke.mutate(
              { userId: member.userId, password },
              {
                onSuccess: () => {
                  toast('Brand staff role withdrawn', { description: member.username });
                  close();
                },
                onError: (failure) => setError(errorText(failure)),
              },
            );
          }}
        >
          <RevokeFields
            username={member?.username ?? ''}
            password={password}
            onPasswordChange={setPassword}
          />
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel>Keep access</AlertDialogCancel>
            <Button
              type="submit"
              variant="destructive"
              disabled={revoke.isPending || password === ''}
            >
              Withdraw
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** What is withdrawn, and the admin's password to confirm it. */
function RevokeFields({
  username,
  password,
  onPasswordChange,
}: {
  username: string;
  password: string;
  onPasswordChange: (password: string) => void;
}) {
  return (
    <>
      <AlertDialogHeader>
        <AlertDialogTitle>{`Withdraw ${username}'s back-office access?`}</AlertDialogTitle>
        <AlertDialogDescription>
          Their account stays; they can no longer open the back office.
        </AlertDialogDescription>
      </AlertDialogHeader>
      <Field label="Your password">
        <PasswordInput
          autoComplete="current-password"
          value={password}
          onChange={(e) => onPasswordChange(e.target.value)}
        />
      </Field>
    </>
  );
}
