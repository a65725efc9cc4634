import { describe, expect, it } from 'vitest';
import {
  ebaySandboxSettings,
  LOCAL_EBAY_CLIENT_PREFIX,
} from '../../local/sandboxes/ebay-config.ts';
import { INVENTORY_SIZE, SANDBOX_LISTINGS } from '../../local/sandboxes/ebay-catalogue.ts';
import {
  fetchInventoryPage,
  fetchListingsPage,
  firstInventoryPage,
} from '../../netlify/lib/ebay-api.ts';
import { marketplaceFor, type EbayEnv } from '../../netlify/lib/ebay-env.ts';
import { EbayGrantError, refreshAccessToken } from '../../netlify/lib/ebay-oauth.ts';
import { stack } from '../helpers/stack.ts';

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

function env(): EbayEnv {
  return {
    EBAY_CLIENT_ID: process.env.EBAY_CLIENT_ID!,
    EBAY_CLIENT_SECRET: process.env.EBAY_CLIENT_SECRET!,
    EBAY_RU_NAME: process.env.EBAY_RU_NAME!,
    EBAY_API_BASE: stack().ebayUrl,
    EBAY_AUTH_BASE: stack().ebayUrl,
  };
}

describe('eBay sandbox configuration', () => {
  it('steps aside when a real eBay application is configured, and reuses local credentials', () => {
    expect(ebaySandboxSettings({ EBAY_CLIENT_ID: 'RealSell-App-PRD-1234' })).toBeNull();
    const fresh = ebaySandboxSettings({})!;
    expect(fresh.clientId.startsWith(LOCAL_EBAY_CLIENT_PREFIX)).toBe(true);
    const again = ebaySandboxSettings(fresh.functionEnv('http://127.0.0.1:1'))!;
    expect(again.clientId).toBe(fresh.clientId);
    expect(again.clientSecret).toBe(fresh.clientSecret);
    expect(fresh.functionEnv('http://127.0.0.1:9')).toMatchObject({
      EBAY_API_BASE: 'http://127.0.0.1:9',
      EBAY_AUTH_BASE: 'http://127.0.0.1:9',
    });
  });

  it('the stack points the functions at the sandbox', () => {
    expect(process.env.EBAY_API_BASE).toBe(stack().ebayUrl);
    expect(process.env.EBAY_AUTH_BASE).toBe(stack().ebayUrl);
  });

  it("marketplaces follow the seller's country, GB by default, none for a country eBay lacks", () => {
    expect(marketplaceFor('us')).toEqual({ country: 'US', marketplaceId: 'EBAY_US', siteId: '0' });
    expect(marketplaceFor('DE')?.marketplaceId).toBe('EBAY_DE');
    expect(marketplaceFor(null)).toEqual({ country: 'GB', marketplaceId: 'EBAY_GB', siteId: '3' });
    expect(marketplaceFor('NZ')).toBeNull();
  });
});

describe('eBay sandbox answers like eBay', () => {
  it('refuses clients with the wrong secret and unknown grant types', async () => {
    const url = `${stack().ebayUrl}/identity/v1/oauth2/token`;
    const wrong = await fetch(url, {
      method: 'POST',
      headers: { authorization: basic(process.env.EBAY_CLIENT_ID!, 'nope') },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
    const unknown = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: basic(process.env.EBAY_CLIENT_ID!, process.env.EBAY_CLIENT_SECRET!),
      },
      body: new URLSearchParams({ grant_type: 'password' }),
    });
    expect(await unknown.json()).toMatchObject({ error: 'unsupported_grant_type' });
    await expect(refreshAccessToken(env(), 'v^1.1#unknown')).rejects.toBeInstanceOf(EbayGrantError);
  });

  it('the authorize page refuses an unknown client or RuName', async () => {
    const page = await fetch(
      `${stack().ebayUrl}/oauth2/authorize?client_id=someone-else&response_type=code&redirect_uri=x`,
      {
        redirect: 'manual',
      },
    );
    expect(page.status).toBe(400);
  });

  it('APIs need a live bearer token', async () => {
    const inventory = await fetch(`${stack().ebayUrl}/sell/inventory/v1/inventory_item`);
    expect(inventory.status).toBe(401);
    expect(await inventory.json()).toMatchObject({ errors: [{ errorId: 1001 }] });
    const gb = marketplaceFor('GB')!;
    await expect(fetchListingsPage(env(), 'v^1.1#bogus', gb, 1)).rejects.toThrow(
      'eBay refused the access token',
    );
    await expect(
      fetchInventoryPage(env(), 'v^1.1#bogus', gb, firstInventoryPage(env())),
    ).rejects.toThrow('eBay refused the access token');
  });

  it('has a catalogue of 450 items of which 36 are listed', () => {
    expect(INVENTORY_SIZE).toBe(450);
    expect(SANDBOX_LISTINGS).toHaveLength(36);
    expect(new Set(SANDBOX_LISTINGS.map((l) => l.itemId)).size).toBe(36);
  });
});
