import { authMessages, type CurrentUser } from '@contrail/contracts/auth';
import { verificationMessages } from '@contrail/contracts/email-verification';
import {
  BellRingIcon,
  KeyRoundIcon,
  ShieldCheckIcon,
  TriangleAlertIcon,
  UserRoundIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useCurrentUser } from '../api/get-current-user';
import { ACCOUNT_SETTINGS_TABS, type AccountSettingsTab } from '../lib/auth-routing';
import { ChangePasswordForm } from './change-password-form';
import { ResendButton } from './verify-email';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** "November 22, 2026", in the traveller's own time zone. */
function formatAccountDate(iso: string): string {
  return longDate.format(new Date(iso));
}

function isTab(value: string): value is AccountSettingsTab {
  return (ACCOUNT_SETTINGS_TABS as readonly string[]).includes(value);
}

interface AccountSettingsProps {
  tab: AccountSettingsTab;
  onTabChange: (tab: AccountSettingsTab) => void;
  /** The traveller's price alerts, composed by the route; shown under the profile. */
  priceAlerts?: ReactNode;
}

/** `/account-settings`: Profile and Security tabs (the route guard has made sure of a user). */
export function AccountSettings({ tab, onTabChange, priceAlerts }: AccountSettingsProps) {
  const { data: user } = useCurrentUser();
  // Signed out from this page: the header is on its way to /.
  if (!user) return null;

  return (
    <section
      aria-labelledby="account-settings-title"
      className="bg-gradient-to-b from-muted to-background"
    >
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-10 sm:py-14">
        <AccountHeader user={user} />

        {user.mustChangePassword ? <TemporaryPasswordAlert /> : null}

        <Tabs
          value={tab}
          onValueChange={(value) => {
            if (isTab(value)) onTabChange(value);
          }}
        >
          <TabsList>
            <TabsTrigger value="profile" className="sm:px-6">
              <UserRoundIcon className="size-4" aria-hidden="true" />
              Profile
            </TabsTrigger>
            <TabsTrigger value="security" className="sm:px-6">
              <ShieldCheckIcon className="size-4" aria-hidden="true" />
              Security
            </TabsTrigger>
          </TabsList>

          <TabsContent value="profile" className="grid gap-6 pt-4">
            <ProfileCard user={user} />
            {priceAlerts ? (
              <SettingsCard
                icon={<BellRingIcon />}
                title="Price Alerts"
                description="The routes you track. We e-mail you when their price drops."
              >
                {priceAlerts}
              </SettingsCard>
            ) : null}
          </TabsContent>

          <TabsContent value="security" className="grid gap-6 pt-4">
            <SettingsCard
              icon={<KeyRoundIcon />}
              title="Change Password"
              description="Choose a strong password you don't use anywhere else."
            >
              <ChangePasswordForm temporaryPassword={user.mustChangePassword} />
            </SettingsCard>
            <TwoFactorCard />
          </TabsContent>
        </Tabs>
      </div>
    </section>
  );
}

function initials(user: CurrentUser): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}` || user.username.charAt(0);
}

function SettingsCard({
  icon,
  title,
  description,
  action,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <div className="flex items-start gap-4 px-6">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary [&>svg]:size-5"
        >
          {icon}
        </span>
        <div className="grid min-w-0 flex-1 gap-1.5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg leading-tight font-semibold text-card-foreground">{title}</h2>
            {action}
          </div>
          <CardDescription>{description}</CardDescription>
        </div>
      </div>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function ProfileCard({ user }: { user: CurrentUser }) {
  const rows: { label: string; value: ReactNode }[] = [
    { label: 'Name', value: `${user.firstName} ${user.lastName}` },
    { label: 'Username', value: user.username },
    { label: 'Email', value: <EmailState user={user} /> },
    {
      label: 'Account Created',
      value: <time dateTime={user.createdAt}>{formatAccountDate(user.createdAt)}</time>,
    },
  ];
  return (
    <SettingsCard
      icon={<UserRoundIcon />}
      title="Profile"
      description="The details of your account."
    >
      <dl className="divide-y divide-border rounded-lg border border-border">
        {rows.map((row) => (
          <div key={row.label} className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="text-sm font-medium text-muted-foreground">{row.label}</dt>
            <dd className="text-sm break-words text-foreground">{row.value}</dd>
          </div>
        ))}
      </dl>
    </SettingsCard>
  );
}

/** The address, and whether it is confirmed: until it is, guest bookings with it stay apart. */
function EmailState({ user }: { user: CurrentUser }) {
  return (
    <span className="grid gap-2">
      <span className="flex flex-wrap items-center gap-2">
        {user.email}
        <Badge variant={user.emailVerified ? 'secondary' : 'outline'}>
          {user.emailVerified ? 'Confirmed' : 'Not confirmed'}
        </Badge>
      </span>
      {user.emailVerified ? null : (
        <span className="grid justify-items-start gap-1 text-muted-foreground">
          {verificationMessages.guestBookingsHidden}
          <ResendButton className="mt-1" />
        </span>
      )}
    </span>
  );
}

function TwoFactorCard() {
  return (
    <SettingsCard
      icon={<ShieldCheckIcon />}
      title="Two-factor authentication"
      description="Add an extra layer of security: a code from your phone each time you sign in."
      action={<Badge variant="secondary">Coming soon</Badge>}
    >
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-border px-4 py-3">
        <div>
          <p className="text-sm font-medium text-foreground">Status</p>
          <p className="text-sm text-muted-foreground">Not enabled</p>
        </div>
        <Button variant="outline" disabled>
          Enable
        </Button>
      </div>
    </SettingsCard>
  );
}

/** The traveller's initials beside the page title. */
function AccountHeader({ user }: { user: CurrentUser }) {
  return (
    <header className="flex items-center gap-4">
      <span
        aria-hidden="true"
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-base font-semibold text-primary-foreground uppercase sm:size-14 sm:text-lg"
      >
        {initials(user)}
      </span>
      <div className="min-w-0">
        <h1
          id="account-settings-title"
          className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl"
        >
          Account Settings
        </h1>
        <p className="text-muted-foreground">Manage your profile and password.</p>
      </div>
    </header>
  );
}

/** Signed in with a temporary password: the traveller must choose their own. */
function TemporaryPasswordAlert() {
  return (
    <Alert variant="warning" role="alert">
      <TriangleAlertIcon aria-hidden="true" />
      <AlertTitle>{authMessages.passwordChangeRequired}</AlertTitle>
      <AlertDescription>
        You signed in with a temporary password. Choose your own password to use your account.
      </AlertDescription>
    </Alert>
  );
}
