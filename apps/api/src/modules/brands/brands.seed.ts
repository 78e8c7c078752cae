import { DEFAULT_BRAND_KEY, defaultBrand, type Brand } from '@contrail/contracts/brands';
import type { NewBrandRow } from './brands.table';

function toRow(brand: Brand, markupPercent: string): NewBrandRow {
  return {
    domain: brand.domain,
    name: brand.name,
    logo: brand.logo,
    primaryColor: brand.theme.primary,
    secondaryColor: brand.theme.secondary,
    accentColor: brand.theme.accent,
    backgroundColor: brand.theme.background,
    textColor: brand.theme.text,
    font: brand.theme.font,
    contactEmail: brand.contact.email,
    contactAddress: brand.contact.address,
    contactPhone: brand.contact.phone,
    socialFacebook: brand.social.facebook,
    socialTwitter: brand.social.twitter,
    socialInstagram: brand.social.instagram,
    markupPercent,
    currency: brand.currency,
  };
}

export const DEMO_BRAND_DOMAIN = 'skyhop.localhost';

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
  return [toRow({ ...defaultBrand, domain: DEFAULT_BRAND_KEY }, '23'), toRow(demoBrand, '18')];
}
