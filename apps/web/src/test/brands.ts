import { defaultBrand, type Brand } from '@contrail/contracts/brands';

/** A brand as `GET /api/brands/:key` answers it, with overrides. */
export function buildBrand(overrides: Partial<Brand> = {}): Brand {
  return {
    ...defaultBrand,
    name: 'Skyline Air',
    domain: 'skyline.example',
    logo: '/brand/skyline.svg',
    theme: {
      primary: '#0f766e',
      secondary: '#134e4a',
      accent: '#fde047',
      background: '#fafaf9',
      text: '#1c1917',
      font: 'Georgia, serif',
    },
    contact: { email: 'help@skyline.example', address: '1 Runway Road', phone: '+1 555 0100' },
    ...overrides,
  };
}
