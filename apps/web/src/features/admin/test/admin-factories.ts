import type { AdminBrand, AdminSettings } from '@contrail/contracts/admin';
import type { CurrentUser } from '@contrail/contracts/auth';
import { defaultBrand } from '@contrail/contracts/brands';

export function buildUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    username: 'grace',
    email: 'grace@example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
    isAdmin: true,
    backOffice: true,
    createdAt: '2025-01-29T10:00:00.000Z',
    emailVerified: true,
    mustChangePassword: false,
    ...overrides,
  };
}

export function buildSettings(overrides: Partial<AdminSettings> = {}): AdminSettings {
  return {
    enableLiveMode: false,
    environment: 'production',
    duffelApiConfigured: false,
    stripeConfigured: false,
    modes: {
      test: {
        flights: 'sandbox',
        payments: 'sandbox',
        duffelApiConfigured: false,
        stripeConfigured: false,
        flightCurrency: null,
      },
      live: {
        flights: null,
        payments: null,
        duffelApiConfigured: false,
        stripeConfigured: false,
        flightCurrency: null,
      },
    },
    ...overrides,
  };
}

const DEFAULT_BRAND_ID = '00000000-0000-4000-8000-000000000001';
export const SKYHOP_ID = '00000000-0000-4000-8000-000000000002';

export function buildAdminBrand(overrides: Partial<AdminBrand> = {}): AdminBrand {
  return {
    ...defaultBrand,
    id: SKYHOP_ID,
    name: 'SkyHop',
    domain: 'skyhop.localhost',
    logo: '/brand/skyhop.svg',
    theme: {
      primary: '#0f766e',
      secondary: '#134e4a',
      accent: '#f97316',
      background: '#fbfaf7',
      text: '#1c1917',
      font: 'Inter, system-ui, sans-serif',
    },
    contact: {
      email: 'hello@skyhop.example',
      address: '1 Harbour Exchange Square, London',
      phone: '+44 20 4577 0288',
    },
    social: { facebook: null, twitter: null, instagram: null },
    currency: 'USD',
    markupPercent: 18,
    isDefault: false,
    updatedAt: '2025-01-29T10:00:00.000Z',
    ...overrides,
  };
}

export function buildDefaultBrand(): AdminBrand {
  return {
    ...defaultBrand,
    id: DEFAULT_BRAND_ID,
    markupPercent: 23,
    isDefault: true,
    updatedAt: '2025-01-29T10:00:00.000Z',
  };
}
