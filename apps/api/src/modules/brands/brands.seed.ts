import { DEFAULT_BRAND_KEY, defaultBrand, type Brand } from '@contrail/contracts/brands';
import { toBrandRow } from './brands.mapper';
import type { NewBrandRow } from './brands.table';

const DEMO_BRAND_DOMAIN = 'skyhop.localhost';

/** The demo brand: its own name, logo and colours, reachable at ?brand=skyhop.localhost. */
export const demoBrand: Brand = {
  name: 'SkyHop',
  domain: DEMO_BRAND_DOMAIN,
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
    address: '1 Harbour Exchange Square, London E14 9GE, United Kingdom',
    phone: '+44 20 4577 0288',
  },
  social: {
    facebook: 'https://www.facebook.com/skyhop.example',
    twitter: 'https://x.com/skyhop_example',
    instagram: 'https://www.instagram.com/skyhop.example',
  },
  currency: 'USD',
};

export function seedBrandRows(): NewBrandRow[] {
  return [
    toBrandRow({ ...defaultBrand, domain: DEFAULT_BRAND_KEY }, '23'),
    toBrandRow(demoBrand, '18'),
  ];
}
