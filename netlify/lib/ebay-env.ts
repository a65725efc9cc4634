import * as z from 'zod';

/**
 * The eBay functions' configuration, from the environment as Netlify provides it. Production sets
 * the application's keyset and RuName and leaves the bases at eBay's hosts; the local stack
 * points both bases at its eBay sandbox. Values are never logged, only the names of what is
 * missing. Read per call: the local stack sets them after the modules may have been loaded.
 */
const nonEmpty = (name: string) =>
  z
    .string({ error: `${name} is missing` })
    .trim()
    .min(1, `${name} is missing`);

const ebayEnvSchema = z.object({
  EBAY_CLIENT_ID: nonEmpty('EBAY_CLIENT_ID'),
  EBAY_CLIENT_SECRET: nonEmpty('EBAY_CLIENT_SECRET'),
  // eBay's redirect_uri is the RuName (the name of the accept URL registered with the keyset),
  // not a URL; it must name /dashboard/ebay/callback of this site.
  EBAY_RU_NAME: nonEmpty('EBAY_RU_NAME'),
  EBAY_API_BASE: z.url().default('https://api.ebay.com'),
  EBAY_AUTH_BASE: z.url().default('https://auth.ebay.com'),
});

export type EbayEnv = z.infer<typeof ebayEnvSchema>;

export class EbayConfigError extends Error {
  constructor(problems: string[]) {
    super(`eBay is not configured: ${problems.join('; ')}`);
    this.name = 'EbayConfigError';
  }
}

export function ebayEnv(): EbayEnv {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(ebayEnvSchema.shape)) {
    const value = process.env[name];
    if (value !== undefined && value.trim() !== '') raw[name] = value.trim();
  }
  const parsed = ebayEnvSchema.safeParse(raw);
  if (!parsed.success) {
    throw new EbayConfigError(
      parsed.error.issues.map((issue) =>
        issue.message.includes(String(issue.path[0] ?? ''))
          ? issue.message
          : `${String(issue.path[0] ?? 'environment')}: ${issue.message}`,
      ),
    );
  }
  return {
    ...parsed.data,
    EBAY_API_BASE: parsed.data.EBAY_API_BASE.replace(/\/+$/, ''),
    EBAY_AUTH_BASE: parsed.data.EBAY_AUTH_BASE.replace(/\/+$/, ''),
  };
}

/**
 * The scopes Stockroom asks for, read-only where eBay offers it: the Sell Inventory API
 * (inventory items), the Sell Fulfillment API (orders) and the Trading API's active listings,
 * which eBay authorises with the base api_scope.
 */
export const EBAY_SCOPES = [
  'https://api.ebay.com/oauth/api_scope',
  'https://api.ebay.com/oauth/api_scope/sell.inventory.readonly',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment.readonly',
] as const;

/**
 * Seller country (user_preferences.ebay_country) -> eBay marketplace id for the REST APIs and
 * site id for the Trading API. GB is the product's default (docs/product.md#ebay).
 */
// Boilerplate: one row per country, as eBay numbers them; the repeated shape is a lookup table, not logic.
const MARKETPLACES: Record<string, { marketplaceId: string; siteId: string }> = {
  GB: { marketplaceId: 'EBAY_GB', siteId: '3' },
  US: { marketplaceId: 'EBAY_US', siteId: '0' },
  DE: { marketplaceId: 'EBAY_DE', siteId: '77' },
  FR: { marketplaceId: 'EBAY_FR', siteId: '71' },
  IT: { marketplaceId: 'EBAY_IT', siteId: '101' },
  ES: { marketplaceId: 'EBAY_ES', siteId: '186' },
  IE: { marketplaceId: 'EBAY_IE', siteId: '205' },
  AT: { marketplaceId: 'EBAY_AT', siteId: '16' },
  CH: { marketplaceId: 'EBAY_CH', siteId: '193' },
  NL: { marketplaceId: 'EBAY_NL', siteId: '146' },
  PL: { marketplaceId: 'EBAY_PL', siteId: '212' },
  AU: { marketplaceId: 'EBAY_AU', siteId: '15' },
  CA: { marketplaceId: 'EBAY_CA', siteId: '2' },
};

export const DEFAULT_EBAY_COUNTRY = 'GB';

export interface Marketplace {
  country: string;
  marketplaceId: string;
  siteId: string;
}

/**
 * The marketplace for a country code; a missing code is GB (docs/product.md#ebay). A country eBay
 * has no marketplace for gives null: reading another country's site without saying so would show
 * the seller the wrong listings, so the functions refuse with a message instead.
 */
export function marketplaceFor(country: string | null | undefined): Marketplace | null {
  const code = (country ?? '').trim().toUpperCase() || DEFAULT_EBAY_COUNTRY;
  const known = MARKETPLACES[code];
  return known ? { country: code, ...known } : null;
}

export function noMarketplaceMessage(country: string): string {
  return `eBay has no marketplace for ${country}. Choose the eBay site you sell on in Settings.`;
}
