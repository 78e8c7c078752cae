/** The brand details the partner page shows; the route takes them from the current brand. */
export interface PartnerBrand {
  name: string;
  /** The brand's phone, or the default brand's when it has none. */
  phone: string;
  email: string;
  address: string;
}
