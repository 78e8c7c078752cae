import type { Brand } from '@contrail/contracts/brands';
import type { BrandRow, NewBrandRow } from './brands.table';

export function toPublicBrand(row: BrandRow): Brand {
  return {
    name: row.name,
    domain: row.domain,
    logo: row.logo,
    theme: {
      primary: row.primaryColor,
      secondary: row.secondaryColor,
      accent: row.accentColor,
      background: row.backgroundColor,
      text: row.textColor,
      font: row.font,
    },
    contact: { email: row.contactEmail, address: row.contactAddress, phone: row.contactPhone },
    social: {
      facebook: row.socialFacebook,
      twitter: row.socialTwitter,
      instagram: row.socialInstagram,
    },
    currency: row.currency,
  };
}

export function toBrandRow(brand: Brand, markupPercent: string): NewBrandRow {
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
