import { adminMessages, type AdminBrand } from '@contrail/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  apiErrorResponse,
  jsonResponse,
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

// The whole app renders and its pages load lazily: the first editor of the file takes some
// seconds on a busy two-core machine, and each test saves twice and confirms a password between.
vi.setConfig({ testTimeout: 30_000 });
const FIRST_LOAD = { timeout: 10_000 };

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

const skyhop = buildAdminBrand();
const RIGHT_PASSWORD = 'Platform-Admin-Pass-1!';

/**
 * A server that, like the real one, refuses a brand save with `step_up_required` until the
 * password is confirmed at `POST /api/admin/login`.
 */
function stubStepUpServer(save: Record<string, Handler>) {
  let steppedUp = false;
  const guarded = Object.fromEntries(
    Object.entries(save).map(([route, handler]): [string, Handler] => [
      route,
      (request) =>
        steppedUp
          ? handler(request)
          : apiErrorResponse(403, 'step_up_required', adminMessages.brandStepUpRequired),
    ]),
  );
  return stubFetch({
    'GET /api/auth/user': () => jsonResponse(buildUser()),
    'GET /api/site': siteHandler,
    'GET /api/admin/brands': () => jsonResponse({ brands: [skyhop, buildDefaultBrand()] }),
    'GET /api/admin/settings': () => jsonResponse(buildSettings()),
    'POST /api/admin/login': (request) => {
      const { password } = request.body as { password: string };
      if (password !== RIGHT_PASSWORD) {
        return jsonResponse(
          {
            error: {
              code: 'invalid_password',
              message: adminMessages.passwordIncorrect,
              fields: { password: adminMessages.passwordIncorrect },
            },
          },
          { status: 401 },
        );
      }
      steppedUp = true;
      return jsonResponse({ success: true, message: adminMessages.authenticated });
    },
    ...guarded,
  });
}

async function expectToast(title: string) {
  await waitFor(
    () => {
      const region = document.querySelector<HTMLElement>('section[aria-label^="Notifications"]');
      expect(region && within(region).queryByText(title)).toBeInTheDocument();
    },
    { timeout: 3000 },
  );
}

async function openSkyhop() {
  const user = userEvent.setup();
  const view = renderApp({ path: `/admin/brands?edit=${SKYHOP_ID}` });
  const form = within(await screen.findByRole('form', { name: 'Edit SkyHop' }, FIRST_LOAD));
  return { user, form, ...view };
}

const saves = (requests: RecordedRequest[], method: string) =>
  requests.filter((r) => r.method === method && r.path.startsWith('/api/admin/brands'));
const logins = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path === '/api/admin/login');

describe('brand manager: the password asked again', () => {
  it('asks for it when the server wants a step-up, shows a wrong one, then saves again', async () => {
    const requests = stubStepUpServer({
      [`PUT /api/admin/brands/${SKYHOP_ID}`]: (request) =>
        jsonResponse({ ...skyhop, ...(request.body as object) }),
    });
    const { user, form } = await openSkyhop();

    await user.clear(form.getByLabelText('Markup'));
    await user.type(form.getByLabelText('Markup'), '0');
    await user.click(form.getByRole('button', { name: 'Save changes' }));

    const dialog = within(
      await screen.findByRole('alertdialog', { name: 'Confirm your password to save' }),
    );
    const password = dialog.getByLabelText('Admin password');
    expect(password).toHaveAccessibleDescription(adminMessages.brandStepUpRequired);
    await user.click(password);
    await user.paste('Not-The-Password-1!');
    await user.click(dialog.getByRole('button', { name: 'Confirm and save' }));

    await waitFor(() => {
      expect(password).toHaveAccessibleDescription(/Incorrect password/);
    });
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(saves(requests, 'PUT')).toHaveLength(1);

    await user.clear(password);
    await user.paste(RIGHT_PASSWORD);
    await user.click(dialog.getByRole('button', { name: 'Confirm and save' }));

    await expectToast('Brand saved');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const [refused, retried] = saves(requests, 'PUT');
    expect(retried?.body).toEqual(refused?.body);
    expect(retried?.body).toMatchObject({ markupPercent: 0 });
    expect(logins(requests).map((r) => r.body)).toEqual([
      { password: 'Not-The-Password-1!' },
      { password: RIGHT_PASSWORD },
    ]);
  });

  it('leaves the form as typed and saves nothing when the dialog is cancelled', async () => {
    const requests = stubStepUpServer({
      [`PUT /api/admin/brands/${SKYHOP_ID}`]: () => jsonResponse(skyhop),
    });
    const { user, form } = await openSkyhop();

    await user.clear(form.getByLabelText('Domain'));
    await user.paste('skyhop-flights.example');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await user.type(dialog.getByLabelText('Admin password'), 'half-typed');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
    expect(form.getByLabelText('Domain')).toHaveValue('skyhop-flights.example');
    expect(form.getByText('Unsaved changes')).toBeInTheDocument();
    expect(logins(requests)).toHaveLength(0);
    expect(saves(requests, 'PUT')).toHaveLength(1);

    // Asked again, the dialog starts empty.
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    const again = within(await screen.findByRole('alertdialog'));
    expect(again.getByLabelText('Admin password')).toHaveValue('');
  });

  it('shows in the dialog why the password could not be checked (too many attempts)', async () => {
    const message = 'Too many wrong passwords. Please try again in 15 minutes.';
    stubFetch({
      'GET /api/auth/user': () => jsonResponse(buildUser()),
      'GET /api/site': siteHandler,
      'GET /api/admin/brands': () => jsonResponse({ brands: [skyhop, buildDefaultBrand()] }),
      'GET /api/admin/settings': () => jsonResponse(buildSettings()),
      [`PUT /api/admin/brands/${SKYHOP_ID}`]: () =>
        apiErrorResponse(403, 'step_up_required', adminMessages.brandStepUpRequired),
      'POST /api/admin/login': () => apiErrorResponse(429, 'too_many_attempts', message),
    });
    const { user, form } = await openSkyhop();

    await user.clear(form.getByLabelText('Markup'));
    await user.type(form.getByLabelText('Markup'), '5');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await user.click(dialog.getByLabelText('Admin password'));
    await user.paste(RIGHT_PASSWORD);
    await user.click(dialog.getByRole('button', { name: 'Confirm and save' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(`Authentication Error: ${message}`);
    expect(form.getByLabelText('Markup')).toHaveValue(5);
  });

  it('asks for it before creating a brand, then creates it', async () => {
    const created: AdminBrand = buildAdminBrand({
      id: '00000000-0000-4000-8000-000000000003',
      name: 'Jetstream',
      domain: 'jetstream.example.com',
    });
    const requests = stubStepUpServer({
      'POST /api/admin/brands': () => jsonResponse(created, { status: 201 }),
    });
    const user = userEvent.setup();
    renderApp({ path: '/admin/brands?edit=new' });
    const form = within(await screen.findByRole('form', { name: 'New brand' }, FIRST_LOAD));
    for (const [label, value] of [
      ['Brand name', 'Jetstream'],
      ['Domain', 'jetstream.example.com'],
      ['Email', 'help@jetstream.example.com'],
      ['Phone', '+1 555 0100'],
      ['Address', '1 Runway Road'],
    ] as const) {
      await user.click(form.getByLabelText(label));
      await user.paste(value);
    }
    await user.click(form.getByRole('button', { name: 'Create brand' }));

    const dialog = within(
      await screen.findByRole('alertdialog', {
        name: 'Confirm your password to create this brand',
      }),
    );
    expect(dialog.getByLabelText('Admin password')).toHaveAccessibleDescription(
      adminMessages.brandCreateStepUpRequired,
    );
    await user.click(dialog.getByLabelText('Admin password'));
    await user.paste(RIGHT_PASSWORD);
    await user.click(dialog.getByRole('button', { name: 'Confirm and create' }));

    await expectToast('Brand created');
    const [refused, retried] = saves(requests, 'POST');
    expect(retried?.body).toEqual(refused?.body);
    expect(retried?.body).toMatchObject({ name: 'Jetstream', domain: 'jetstream.example.com' });
  });
});
