/* eslint-disable max-lines -- a policy page's legal text, kept whole in one file in the order it reads */
import { Link } from '@tanstack/react-router';
import { Fragment, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { clearAnalyticsConsent } from '../../../lib/analytics-actions';
import { brandDisplayName } from '../../../theme/apply-brand';
import type { PageOperator } from '../lib/operator';
import {
  accountPolicy,
  cookieDurations,
  POLICIES_LAST_UPDATED,
  preferenceStorageKeys,
  sessionCookie,
} from '../lib/policy-constants';
import { tagCookies } from '../lib/tag-cookies';
import { textLinkClass } from '../lib/text-styles';
import { ContactDetails } from './contact-details';
import { OperatorStatement } from './operator-statement';
import { PolicyLayout, type PolicySection } from './policy-layout';
import { PolicyTable } from './policy-table';

const COOKIE_POLICY_TITLE = 'Cookie Policy';

const cookiePolicySections = [
  { id: 'what-cookies-are', title: 'What cookies are' },
  { id: 'cookies-we-use', title: 'Cookies we use' },
  { id: 'strictly-necessary', title: 'The sign-in cookie' },
  { id: 'preferences', title: 'Preferences' },
  { id: 'analytics-and-marketing', title: 'Analytics and marketing' },
  { id: 'how-long', title: 'How long cookies last' },
  { id: 'third-parties', title: 'Third-party cookies' },
  { id: 'managing-cookies', title: 'Managing cookies' },
  { id: 'changes', title: 'Changes to this policy' },
  { id: 'contact', title: 'Contact us' },
] as const;

type SectionId = (typeof cookiePolicySections)[number]['id'];

function Code({ children }: { children: ReactNode }) {
  return (
    <code className="rounded-sm bg-muted px-1 py-0.5 font-mono text-[0.875em] wrap-anywhere text-foreground">
      {children}
    </code>
  );
}

/**
 * `/cookies`: the cookie the product sets (the sign-in session), what it keeps in the browser
 * instead of cookies, Google's cookies where the operator configured its tag, and the duration of
 * every category.
 */
// eslint-disable-next-line unit-size/max-function-lines, unit-size/max-span-lines -- the page's legal text, kept whole in the order it reads
export function CookiePolicyPage(operator: PageOperator) {
  const brandName = brandDisplayName(operator.brand);
  const tag = tagCookies(operator.company?.analytics);
  const none = 'None on this site.';
  const cookieList = (names: readonly string[]) =>
    names.map((name, index) => (
      <Fragment key={name}>
        {index > 0 ? ', ' : null}
        <Code>{name}</Code>
      </Fragment>
    ));

  const content: Record<SectionId, ReactNode> = {
    'what-cookies-are': (
      <>
        <p>
          Cookies are small text files a website stores in your browser, which the browser sends
          back with later requests to that site. Sites also use similar technologies, such as local
          storage, to keep information in your browser. This policy covers both.
        </p>
        <p>
          A session cookie is deleted when you close your browser; a persistent cookie stays for a
          set time or until you delete it.
        </p>
      </>
    ),
    'cookies-we-use': (
      <>
        <p>
          {brandName} uses as few cookies as it can: one cookie to keep you signed in
          {tag
            ? ", two items in local storage to remember your last search, and the cookies of Google's tag, which measures visits and advertising."
            : ', and two items in local storage to remember your last search.'}{' '}
          The table shows every category, what is used on this site and how long it lasts.
        </p>
        <PolicyTable
          caption="Cookie categories"
          columns={['Category', 'What it is for', 'Used on this site', 'Duration']}
          rows={[
            {
              key: 'authentication',
              cells: [
                'Strictly necessary (authentication)',
                'Keeps you signed in, and signs you in to the account created when you book as a guest, so that your trips are there in My Trips.',
                <>
                  <Code>{sessionCookie.secureName}</Code> (<Code>{sessionCookie.plainName}</Code>{' '}
                  where the site runs without HTTPS)
                </>,
                `${cookieDurations.authentication}, renewed as you use the site`,
              ],
            },
            {
              key: 'preference',
              cells: [
                'Preferences',
                'Remembers your last trip type and your last search, so that Back to Search Results takes you to the same results.',
                <>
                  No cookies: <Code>{preferenceStorageKeys.tripType}</Code> and{' '}
                  <Code>{preferenceStorageKeys.lastSearch}</Code> in local storage
                </>,
                `${cookieDurations.preference}; the local storage items stay until you clear them`,
              ],
            },
            {
              key: 'analytics',
              cells: [
                'Analytics',
                'Counts visits and page views, so that we can see which pages help travellers.',
                tag?.analytics.length ? (
                  <>{cookieList(tag.analytics)}, set by Google Analytics</>
                ) : (
                  none
                ),
                cookieDurations.analytics,
              ],
            },
            {
              key: 'marketing',
              cells: [
                'Marketing',
                'Measures advertising, such as calls made after seeing an advert.',
                tag?.marketing.length ? <>{cookieList(tag.marketing)}, set by Google Ads</> : none,
                cookieDurations.marketing,
              ],
            },
          ]}
        />
      </>
    ),
    'strictly-necessary': (
      <>
        <p>
          When you sign in, or when you book as a guest and we create your account, we set a cookie
          named <Code>{sessionCookie.secureName}</Code> on sites served over HTTPS, or{' '}
          <Code>{sessionCookie.plainName}</Code> where the site runs without HTTPS. It holds a
          random identifier and nothing else about you; we store only a hash of it.
        </p>
        <ul>
          <li>
            It lasts {cookieDurations.authentication} and is renewed as you use the site, so it
            expires after {cookieDurations.authentication} without a visit. Signing out deletes it.
          </li>
          <li>
            It is HttpOnly (scripts on the page cannot read it), SameSite=Lax (other sites cannot
            send it with requests they start) and, on HTTPS, Secure and bound to this site&apos;s
            exact address.
          </li>
          <li>It is never used to track you or for advertising.</li>
        </ul>
        <p>
          Because the site cannot sign you in without it, this cookie does not need your consent.
        </p>
      </>
    ),
    preferences: (
      <p>
        When you search, the site keeps your trip type (round trip or one way) in{' '}
        <Code>{preferenceStorageKeys.tripType}</Code> and the criteria, sort and filters of your
        last results in <Code>{preferenceStorageKeys.lastSearch}</Code>, in your browser&apos;s
        local storage. They are never sent to our servers and only make the next search quicker. We
        set no preference cookies; if we ever do, they will last at most{' '}
        {cookieDurations.preference}.
      </p>
    ),
    'analytics-and-marketing': tag ? (
      <>
        <p>
          This site uses Google&apos;s tag (<Code>{tag.tagId}</Code>) to count page views and to
          measure the results of our advertising. It reports only the address of each page you
          visit, never your searches, e-mail address or booking references. The tag is loaded, and
          Google sets its cookies, only after you choose Accept in the cookie banner; Google
          processes what the tag sends under its own privacy policy. Your choice is kept in your
          browser for {cookieDurations.preference}, then we ask again.
        </p>
        <p>
          <Button variant="outline" size="sm" onClick={clearAnalyticsConsent}>
            Change your cookie choice
          </Button>
        </p>
        <ul>
          <li>
            Analytics:{' '}
            {tag.analytics.length ? (
              <>
                {cookieList(tag.analytics)}, for {cookieDurations.analytics}
              </>
            ) : (
              'none'
            )}
            .
          </li>
          <li>
            Marketing:{' '}
            {tag.marketing.length ? (
              <>
                {cookieList(tag.marketing)}, for {cookieDurations.marketing}
              </>
            ) : (
              'none'
            )}
            .
          </li>
        </ul>
        <p>
          You can block or delete these cookies in your browser without losing anything on this
          site.
        </p>
      </>
    ) : (
      <p>
        This site sets no analytics or marketing cookies and loads no tracking tags. The operator of{' '}
        {brandName} can turn on Google&apos;s tag to measure visits and advertising; if it does,
        this policy names the cookies it sets. Analytics cookies last at most{' '}
        {cookieDurations.analytics} and marketing cookies at most {cookieDurations.marketing}.
      </p>
    ),
    'how-long': (
      <>
        <p>The longest each kind of cookie may last on {brandName}:</p>
        <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-border bg-card p-5 text-card-foreground sm:grid-cols-[12rem_minmax(0,1fr)]">
          <DurationRow term="Session cookies">
            {cookieDurations.session}: deleted when you close your browser
          </DurationRow>
          <DurationRow term="Authentication">{cookieDurations.authentication}</DurationRow>
          <DurationRow term="Preferences">{cookieDurations.preference}</DurationRow>
          <DurationRow term="Analytics">{cookieDurations.analytics}</DurationRow>
          <DurationRow term="Marketing">{cookieDurations.marketing}</DurationRow>
        </dl>
      </>
    ),
    'third-parties': (
      <p>
        {tag
          ? 'Apart from Google, through the tag described above, no other company sets cookies through '
          : 'No other company sets cookies through '}
        {brandName}: there are no advertising networks, social media buttons or embedded videos.
        When live card payments are turned on, your card is entered in the payment processor&apos;s
        own secure fields, which may set cookies of their own to prevent fraud; the processor&apos;s
        cookie policy covers them.
      </p>
    ),
    'managing-cookies': (
      <>
        <p>
          You can see and delete cookies and local storage, and block cookies, in your
          browser&apos;s settings (usually under Privacy or Site data). Clearing this site&apos;s
          data signs you out and forgets your last search.
        </p>
        <p>
          If you block the sign-in cookie you can still search for flights and read our pages, but
          you cannot sign in, see your trips or stay signed in after booking as a guest.
        </p>
      </>
    ),
    changes: (
      <p>
        We will update this policy before we use any new cookie. We give at least{' '}
        {accountPolicy.materialChangeNoticeDays} days&apos; notice of material changes, on this page
        and by e-mail to account holders. How we handle the rest of your information is in our{' '}
        <Link to="/privacy-policy" className={textLinkClass}>
          Privacy Policy
        </Link>
        .
      </p>
    ),
    contact: (
      <>
        <p>
          <OperatorStatement brandName={brandName} company={operator.company} /> For questions about
          cookies, contact us:
        </p>
        <ContactDetails {...operator} />
      </>
    ),
  };

  const sections: PolicySection[] = cookiePolicySections.map((section) => ({
    ...section,
    content: content[section.id],
  }));

  return (
    <PolicyLayout
      eyebrow="Legal"
      title={COOKIE_POLICY_TITLE}
      lastUpdated={POLICIES_LAST_UPDATED}
      intro={
        <p>
          The cookies and browser storage {brandName} uses, what each one is for and how long it
          lasts.
        </p>
      }
      sections={sections}
    />
  );
}

function DurationRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:col-span-2 sm:grid-cols-subgrid">
      <dt className="font-medium">{term}</dt>
      <dd className="text-muted-foreground">{children}</dd>
    </div>
  );
}
