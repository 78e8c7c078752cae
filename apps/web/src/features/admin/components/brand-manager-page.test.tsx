import { adminMessages, type AdminBrand } from '@contrail/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  apiErrorResponse,
  jsonResponse,
  signedOut,
  siteHandler,
  stubFetch,
  type RecordedRequest,
} from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import {
  buildAdminBrand,
  buildDefaultBrand,
  buildSettings,
  buildUser,
  SKYHOP_ID,
} from '../test/admin-factories';

// The whole app renders, its pages load lazily and forms are typed into key by key.
vi.setConfig({ testTimeout: 15_000 });

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

const skyhop = buildAdminBrand();
const defaultAdminBrand = buildDefaultBrand();

function stubBrands(handlers: Record<string, Handler> = {}, user: object | null = buildUser()) {
  return stubFetch({
    'GET /api/auth/user': user ? () => jsonResponse(user) : signedOut,
    'GET /api/site': siteHandler,
    'GET /api/admin/brands': () => jsonResponse({ brands: [skyhop, defaultAdminBrand] }),
    'GET /api/admin/settings': () => jsonResponse(buildSettings()),
    ...handlers,
  });
}

function toastRegion() {
  // By its label: while a modal dialog is open the region is aria-hidden, and an aria-hidden
  // element has no accessible name to query by.
  const region = document.querySelector<HTMLElement>('section[aria-label^="Notifications"]');
  if (!region) throw new Error('no toast region');
  return within(region);
}

async function expectToast(title: string, description?: string | RegExp) {
  await waitFor(
    () => {
      expect(toastRegion().getByText(title)).toBeInTheDocument();
    },
    // The toast region is loaded after the first paint: the first test also waits for its import.
    { timeout: 10_000 },
  );
  if (description !== undefined) {
    expect(toastRegion().getByText(description)).toBeInTheDocument();
  }
}

async function openEditor(path = `/admin/brands?edit=${SKYHOP_ID}`, brandKey?: string) {
  const user = userEvent.setup();
  const view = renderApp({ path, ...(brandKey ? { brandKey } : {}) });
  const form = await screen.findByRole('form', {}, { timeout: 5000 });
  return { user, form: within(form), ...view };
}

async function replace(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text !== '') await user.type(input, text);
}

describe('/admin/brands guard', () => {
  it('sends a non-admin to / with the Access Denied toast', async () => {
    const requests = stubBrands({}, buildUser({ isAdmin: false }));
    const { router } = renderApp({ path: '/admin/brands' });

    await expectToast('Access Denied', "You don't have permission to access admin settings.");
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(requests.some((r) => r.path.startsWith('/api/admin'))).toBe(false);
  });

  it('sends the user to / when the brands call answers 403', async () => {
    stubBrands({
      'GET /api/admin/brands': () =>
        apiErrorResponse(403, 'forbidden', "You don't have permission to access admin settings."),
    });
    const { router } = renderApp({ path: '/admin/brands' });

    await expectToast('Access Denied');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
  });
});

describe('brand list', () => {
  it('lists every brand, the default first, with its domain, currency and markup', async () => {
    stubBrands();
    renderApp({ path: '/admin/brands' });

    const list = within(await screen.findByRole('list', { name: 'Brands' }, { timeout: 5000 }));
    expect(list.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Contrail',
      'SkyHop',
    ]);
    const first = list.getByRole('listitem', { name: 'Contrail' });
    const second = list.getByRole('listitem', { name: 'SkyHop' });
    expect(first).toHaveTextContent('Default');
    expect(first).toHaveTextContent('23%');
    expect(second).toHaveTextContent('skyhop.localhost');
    expect(second).toHaveTextContent('USD');
    expect(second).toHaveTextContent('18%');
    expect(second).not.toHaveTextContent('Default');
    // The default brand cannot be deleted, so it has no Delete button.
    expect(within(first).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Delete SkyHop' })).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: /Open site of SkyHop/ })).toHaveAttribute(
      'href',
      '/?brand=skyhop.localhost',
    );
  });

  it('opens a brand in the editor and remembers it in the URL', async () => {
    stubBrands();
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/admin/brands' });

    await user.click(await screen.findByRole('button', { name: 'Edit SkyHop' }, { timeout: 5000 }));

    expect(await screen.findByRole('form', { name: 'Edit SkyHop' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ edit: SKYHOP_ID });
    expect(screen.getByLabelText('Brand name')).toHaveValue('SkyHop');
    expect(screen.getByLabelText('Primary colour')).toHaveValue('#0f766e');
    expect(screen.getByLabelText('Markup')).toHaveValue(18);
  });

  it('asks before deleting, and shows a refusal from the server as a toast', async () => {
    const requests = stubBrands({
      [`DELETE /api/admin/brands/${SKYHOP_ID}`]: () =>
        apiErrorResponse(
          409,
          'brand_in_use',
          'This brand has accounts or bookings and cannot be deleted',
        ),
    });
    const user = userEvent.setup();
    renderApp({ path: '/admin/brands' });

    await user.click(
      await screen.findByRole('button', { name: 'Delete SkyHop' }, { timeout: 5000 }),
    );
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete SkyHop?' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(dialog.getByRole('button', { name: 'Delete brand' }));

    await expectToast(
      'Brand not deleted',
      'This brand has accounts or bookings and cannot be deleted',
    );
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('deletes a brand once confirmed and refreshes the list', async () => {
    let brands: AdminBrand[] = [skyhop, defaultAdminBrand];
    stubBrands({
      'GET /api/admin/brands': () => jsonResponse({ brands }),
      [`DELETE /api/admin/brands/${SKYHOP_ID}`]: () => {
        brands = [defaultAdminBrand];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderApp({ path: '/admin/brands' });

    await user.click(
      await screen.findByRole('button', { name: 'Delete SkyHop' }, { timeout: 5000 }),
    );
    const dialog = within(await screen.findByRole('alertdialog'));
    await user.click(dialog.getByRole('button', { name: 'Delete brand' }));

    await expectToast('Brand deleted');
    await waitFor(() => {
      expect(screen.queryByRole('listitem', { name: 'SkyHop' })).not.toBeInTheDocument();
    });
  });
});

describe('brand editor', () => {
  it('validates with the contract: bad hex, bad domain, markup out of range', async () => {
    const requests = stubBrands();
    const { user, form } = await openEditor();

    await replace(user, form.getByLabelText('Brand name'), '');
    await replace(user, form.getByLabelText('Domain'), 'not a domain');
    await replace(user, form.getByLabelText('Primary colour'), 'teal');
    await replace(user, form.getByLabelText('Markup'), '150');
    await replace(user, form.getByLabelText('Email'), 'nope');
    await user.click(form.getByRole('button', { name: 'Save changes' }));

    expect(await form.findByText('Brand name is required')).toBeInTheDocument();
    expect(form.getByLabelText('Domain')).toHaveAccessibleDescription(
      /Enter a host name such as flights.example.com/,
    );
    expect(form.getByLabelText('Primary colour')).toHaveAccessibleDescription(
      'Use a hex colour such as #1a73e8',
    );
    expect(form.getByLabelText('Markup')).toHaveAccessibleDescription(
      /Markup must be between 0 and 100 percent/,
    );
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await replace(user, form.getByLabelText('Markup'), '');
    expect(await form.findByText('Markup must be between 0 and 100 percent')).toBeInTheDocument();
  });

  it("puts the server's field errors next to their fields", async () => {
    stubBrands({
      [`PUT /api/admin/brands/${SKYHOP_ID}`]: () =>
        jsonResponse(
          {
            error: {
              code: 'domain_taken',
              message: 'Another brand already uses this domain',
              fields: {
                domain: 'Another brand already uses this domain',
                'theme.primary': 'Primary is not allowed',
                'contact.email': 'This address bounces',
              },
            },
          },
          { status: 409 },
        ),
    });
    const { user, form } = await openEditor();

    await replace(user, form.getByLabelText('Domain'), 'taken.example.com');
    await user.click(form.getByRole('button', { name: 'Save changes' }));

    await expectToast('Brand not saved', 'Another brand already uses this domain');
    expect(form.getByLabelText('Domain')).toHaveAccessibleDescription(
      /Another brand already uses this domain/,
    );
    expect(form.getByLabelText('Primary colour')).toHaveAccessibleDescription(
      'Primary is not allowed',
    );
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription('This address bounces');
  });

  it('warns when text on a brand colour fails WCAG AA, naming the pair and the ratio', async () => {
    stubBrands();
    const { user, form } = await openEditor();
    const checks = () => within(form.getByRole('list', { name: 'Contrast checks' }));

    expect(checks().queryAllByRole('note')).toHaveLength(0);

    // Black text on a light yellow passes; grey text on white does not.
    await replace(user, form.getByLabelText('Primary colour'), '#ffff66');
    await replace(user, form.getByLabelText('Background colour'), '#ffffff');
    await replace(user, form.getByLabelText('Text colour'), '#999999');

    const warnings = checks().getAllByRole('note');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toHaveTextContent(
      'Low contrast: text on background is 2.84:1, below the 4.50:1 WCAG AA minimum.',
    );
    const primary = checks()
      .getAllByRole('listitem')
      .find((item) => item.textContent.includes('on primary'));
    expect(primary).toHaveTextContent('Black text on primary');
    expect(primary).toHaveAttribute('data-passes', 'true');

    // The automatic text on a mid green is white, and white on it fails too.
    await replace(user, form.getByLabelText('Accent colour'), '#00a000');
    expect(checks().getAllByRole('note')).toHaveLength(2);
    expect(form.getByText(/Low contrast: white text on accent is 3\.48:1/)).toBeInTheDocument();
  });

  it('warns when a mode’s flights are priced in another currency than the brand’s', async () => {
    const settings = buildSettings();
    stubBrands({
      'GET /api/admin/settings': () =>
        jsonResponse({
          ...settings,
          modes: {
            ...settings.modes,
            test: {
              ...settings.modes.test,
              flights: 'duffel',
              duffelApiConfigured: true,
              flightCurrency: 'GBP',
            },
          },
        }),
    });
    const { form } = await openEditor();
    const warnings = await form.findByRole('list', { name: 'Currency warnings' });
    expect(
      within(warnings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([adminMessages.currencyDiffers(skyhop.currency, 'GBP', 'test')]);
  });

  it('previews the edited colours through the theme variables', async () => {
    stubBrands();
    const { user, form } = await openEditor();
    const preview = screen.getByTestId('brand-preview');
    expect(preview.style.getPropertyValue('--primary')).toBe('#0f766e');

    await replace(user, form.getByLabelText('Primary colour'), '#123456');
    await replace(user, form.getByLabelText('Background colour'), '#fff');

    expect(preview.style.getPropertyValue('--primary')).toBe('#123456');
    expect(preview.style.getPropertyValue('--primary-foreground')).toBe('#ffffff');
    expect(preview.style.getPropertyValue('--background')).toBe('#fff');
    // An unfinished value keeps the last valid colour instead of breaking the preview.
    await replace(user, form.getByLabelText('Primary colour'), '#12');
    expect(preview.style.getPropertyValue('--primary')).toBe('#0f766e');
    expect(within(preview).getByText('SkyHop')).toBeInTheDocument();
  });

  it('saves, refreshes the list and applies the change when it is the brand on screen', async () => {
    let brands: AdminBrand[] = [skyhop, defaultAdminBrand];
    const requests = stubBrands({
      'GET /api/admin/brands': () => jsonResponse({ brands }),
      'GET /api/brands/skyhop.localhost': () => jsonResponse(skyhop),
      [`PUT /api/admin/brands/${SKYHOP_ID}`]: (request) => {
        const saved: AdminBrand = { ...skyhop, ...(request.body as object) };
        brands = [saved, defaultAdminBrand];
        return jsonResponse(saved);
      },
    });
    const { user, form } = await openEditor(`/admin/brands?edit=${SKYHOP_ID}`, 'skyhop.localhost');
    expect(document.documentElement.style.getPropertyValue('--primary')).toBe('#0f766e');

    await replace(user, form.getByLabelText('Primary colour'), '#1D4ED8');
    await replace(user, form.getByLabelText('Markup'), '12.5');
    await user.click(form.getByRole('button', { name: 'Save changes' }));

    await expectToast('Brand saved');
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({
      name: 'SkyHop',
      domain: 'skyhop.localhost',
      theme: { primary: '#1d4ed8' },
      markupPercent: 12.5,
      currency: 'USD',
      social: { facebook: null, twitter: null, instagram: null },
    });
    expect(document.documentElement.style.getPropertyValue('--primary')).toBe('#1d4ed8');
    await waitFor(() => {
      expect(requests.filter((r) => r.path === '/api/admin/brands')).toHaveLength(2);
    });
    expect(form.getByText('All changes saved')).toBeInTheDocument();
  });

  it('creates a brand and then edits it', async () => {
    const created = buildAdminBrand({
      id: '00000000-0000-4000-8000-000000000003',
      name: 'Jetstream',
      domain: 'jetstream.example.com',
    });
    let brands: AdminBrand[] = [skyhop, defaultAdminBrand];
    const requests = stubBrands({
      'GET /api/admin/brands': () => jsonResponse({ brands }),
      'POST /api/admin/brands': () => {
        brands = [...brands, created];
        return jsonResponse(created, { status: 201 });
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/admin/brands' });

    await user.click(await screen.findByRole('button', { name: 'New brand' }));
    const form = within(await screen.findByRole('form', { name: 'New brand' }));
    expect(form.getByLabelText('Markup')).toHaveValue(23);
    // Each field as a paste: keystroke by keystroke, the editor and its preview render some
    // hundred times, which is what this test is not about.
    const fields = [
      ['Brand name', 'Jetstream'],
      ['Domain', 'Jetstream.example.com'],
      ['Email', 'help@jetstream.example.com'],
      ['Phone', '+1 555 0100'],
      ['Address', '1 Runway Road'],
    ] as const;
    for (const [label, value] of fields) {
      await user.click(form.getByLabelText(label));
      await user.paste(value);
    }
    await user.click(form.getByRole('button', { name: 'Create brand' }));

    await expectToast('Brand created');
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      name: 'Jetstream',
      domain: 'jetstream.example.com',
      logo: null,
      markupPercent: 23,
      currency: 'USD',
    });
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ edit: created.id });
    });
    expect(await screen.findByRole('form', { name: 'Edit Jetstream' })).toBeInTheDocument();
  });

  it("keeps the default brand's domain fixed", async () => {
    stubBrands();
    const { form } = await openEditor(`/admin/brands?edit=${defaultAdminBrand.id}`);

    expect(form.getByLabelText('Domain')).toHaveAttribute('readonly');
    expect(form.getByLabelText('Domain')).toHaveAccessibleDescription(
      /The default brand's domain cannot change/,
    );
  });
});
